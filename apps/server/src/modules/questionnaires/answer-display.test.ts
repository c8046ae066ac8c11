import { describe, expect, it } from 'vitest';
import { displayedAnswers, localText } from './answer-display.ts';
import { type SurveyConfig, surveyConfigSchema } from './questionnaire-config.ts';

const words = { yes: 'Yes', no: 'No', other: 'Other', none: 'None' };
const mkWords = { yes: 'Да', no: 'Не', other: 'Друго', none: 'Ништо' };

const survey: SurveyConfig = surveyConfigSchema.parse({
  pages: [
    {
      name: 'first',
      title: { default: 'About you', mk: 'За вас' },
      elements: [
        { type: 'html', name: 'intro', html: '<p>Read this</p>' },
        {
          type: 'checkbox',
          name: 'symptoms',
          title: { default: 'Which apply?', mk: 'Што се однесува?' },
          choices: [
            { value: 'pain', text: { default: 'Pain', mk: 'Болка' } },
            { value: 'swelling', text: 'Swelling' },
            'numbness',
          ],
          showOtherItem: true,
          showNoneItem: true,
        },
        { type: 'boolean', name: 'smoker', title: 'Do you smoke?' },
        { type: 'text', name: 'since', title: 'Since when?', inputType: 'date' },
        { type: 'rating', name: 'score', title: 'How bad?' },
        { type: 'comment', name: 'skipped', title: 'Anything else?' },
      ],
    },
    {
      name: 'second',
      elements: [{ type: 'radiogroup', name: 'unanswered', title: 'Never asked', choices: ['a'] }],
    },
  ],
});

describe('displayedAnswers', () => {
  it('shows labels, Yes or No, joined choices and the typed other; leaves out the unanswered', () => {
    const pages = displayedAnswers(
      survey,
      {
        symptoms: ['pain', 'numbness', 'other'],
        'symptoms-Comment': 'Tingling',
        smoker: false,
        since: '2026-02-14',
        score: 4,
        skipped: '  ',
      },
      'en-AU',
      words,
    );
    expect(pages).toEqual([
      {
        title: 'About you',
        answers: [
          { question: 'Which apply?', answer: 'Pain, numbness, Other: Tingling' },
          { question: 'Do you smoke?', answer: 'No' },
          { question: 'Since when?', answer: '14 February 2026' },
          { question: 'How bad?', answer: '4' },
        ],
      },
    ]);
  });

  it('uses the Macedonian text where the definition has one, else its default', () => {
    const [page] = displayedAnswers(
      survey,
      { symptoms: ['swelling', 'pain'], smoker: true },
      'mk',
      mkWords,
    );
    expect(page).toEqual({
      title: 'За вас',
      answers: [
        { question: 'Што се однесува?', answer: 'Swelling, Болка' },
        { question: 'Do you smoke?', answer: 'Да' },
      ],
    });
    expect(displayedAnswers(survey, { symptoms: ['none'] }, 'mk', mkWords)[0]?.answers).toEqual([
      { question: 'Што се однесува?', answer: 'Ништо' },
    ]);
  });

  it('writes an answer of a shape it does not know as its values', () => {
    const odd = {
      ...survey,
      pages: [{ ...survey.pages[0]!, elements: [survey.pages[0]!.elements[2]!] }],
    };
    const [page] = displayedAnswers(odd, { smoker: { row1: 'a', row2: ['b', 'c'] } }, 'en', words);
    expect(page?.answers[0]?.answer).toBe('row1: a; row2: b, c');
  });
});

describe('localText', () => {
  it('picks the locale, then default', () => {
    expect(localText({ default: 'Hello', mk: 'Здраво' }, 'mk')).toBe('Здраво');
    expect(localText({ default: 'Hello', mk: 'Здраво' }, 'en-NZ')).toBe('Hello');
    expect(localText('Plain', 'mk')).toBe('Plain');
    expect(localText(undefined, 'mk')).toBeUndefined();
  });
});
