import type { SupportedLocale } from '@portal/contract';
import type { QuestionConfig, SurveyConfig } from './questionnaire-config.ts';

/** Text a provider wrote: plain, or per SurveyJS locale (`default`, `mk`, ...). */
type LocalText = string | Readonly<Record<string, string>> | undefined;

/** The words the answers document needs that a definition does not hold. */
export interface AnswerWords {
  yes: string;
  no: string;
  other: string;
  none: string;
}

/** One question as the patient saw it, and their answer as the survey showed it. */
export interface DisplayedAnswer {
  question: string;
  answer: string;
}

/** A page of the survey with its answered questions (pages without answers are left out). */
export interface DisplayedPage {
  title: string | undefined;
  answers: DisplayedAnswer[];
}

/**
 * The SurveyJS locale the web renders a survey in for this portal locale (the web's
 * `surveyLocaleOf`): Macedonian, or the survey's default text for the four English ones.
 */
const surveyLocale = (locale: SupportedLocale) => (locale === 'mk' ? 'mk' : 'en');

/** A provider's text in the survey's locale, as SurveyJS picks it: the locale, then default. */
export function localText(text: LocalText, locale: SupportedLocale): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  const chosen = surveyLocale(locale);
  return text[chosen] ?? text.default ?? text.en ?? Object.values(text)[0];
}

type Choice = string | number | { value: string | number; text?: LocalText };

function choiceLabel(
  question: QuestionConfig,
  value: unknown,
  comment: unknown,
  locale: SupportedLocale,
  words: AnswerWords,
): string {
  if (!('choices' in question)) return String(value);
  if (value === 'other' && question.showOtherItem) {
    const label = localText(question.otherText, locale) ?? words.other;
    return typeof comment === 'string' && comment.trim() ? `${label}: ${comment.trim()}` : label;
  }
  if (value === 'none' && question.showNoneItem) {
    return localText(question.noneText, locale) ?? words.none;
  }
  const choice = (question.choices as Choice[]).find(
    (item) => (typeof item === 'object' ? item.value : item) === value,
  );
  if (choice === undefined) return String(value);
  return typeof choice === 'object'
    ? (localText(choice.text, locale) ?? String(choice.value))
    : String(choice);
}

/** A date answer (YYYY-MM-DD) as the locale writes a day; anything else as typed. */
function dayText(value: string, locale: SupportedLocale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return value;
  return day.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Any other shape (a matrix or panel answer, should a definition ever hold one): its values,
 * one `key: value` part per entry, so nothing answered is dropped.
 */
function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${plainText(inner)}`)
      .join('; ');
  }
  return String(value);
}

function answerText(
  question: QuestionConfig,
  result: Readonly<Record<string, unknown>>,
  locale: SupportedLocale,
  words: AnswerWords,
): string {
  const value = result[question.name];
  const comment = result[`${question.name}-Comment`];
  switch (question.type) {
    case 'boolean':
      if (typeof value !== 'boolean') return plainText(value);
      return value
        ? (localText(question.labelTrue, locale) ?? words.yes)
        : (localText(question.labelFalse, locale) ?? words.no);
    case 'radiogroup':
    case 'dropdown':
      return choiceLabel(question, value, comment, locale, words);
    case 'checkbox':
      return Array.isArray(value)
        ? value.map((item) => choiceLabel(question, item, comment, locale, words)).join(', ')
        : plainText(value);
    case 'text':
      return typeof value === 'string' && question.inputType === 'date'
        ? dayText(value, locale)
        : plainText(value);
    default:
      return plainText(value);
  }
}

const isAnswered = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/**
 * The answered questions of a survey in its page order, each with the words the patient
 * read (the version they answered, in their locale) and their answer as it was shown:
 * choice labels rather than stored values, Yes or No for a yes/no question. Questions left
 * unanswered (hidden by a condition, or optional and skipped) and html blocks are left out.
 */
export function displayedAnswers(
  survey: SurveyConfig,
  result: Readonly<Record<string, unknown>>,
  locale: SupportedLocale,
  words: AnswerWords,
): DisplayedPage[] {
  return survey.pages
    .map((page) => ({
      title: localText(page.title, locale),
      answers: page.elements.flatMap((question) => {
        if (question.type === 'html' || !isAnswered(result[question.name])) return [];
        return [
          {
            question: localText(question.title, locale) ?? question.name,
            answer: answerText(question, result, locale, words),
          },
        ];
      }),
    }))
    .filter((page) => page.answers.length > 0);
}
