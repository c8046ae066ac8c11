import { Model } from 'survey-core';
import { type QuestionConfig, type SurveyConfig, surveyQuestions } from './questionnaire-config.ts';

/** Why an answer set was refused; for the server log only (never the answers themselves). */
export class InvalidAnswerSet extends Error {
  override name = 'InvalidAnswerSet';
}

const otherSuffix = '-Comment';
const maxOtherCommentLength = 1000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type ChoiceValue = string | number;

function allowedChoices(question: QuestionConfig): ChoiceValue[] {
  if (!('choices' in question)) return [];
  const values = question.choices.map((choice) =>
    typeof choice === 'object' ? choice.value : choice,
  );
  if (question.showOtherItem) values.push('other');
  if (question.showNoneItem) values.push('none');
  return values;
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim());
}

/** The value's type and range for its question; survey-core checks required and validators only. */
function valueProblem(question: QuestionConfig, value: unknown): string | null {
  switch (question.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'is not yes or no';
    case 'radiogroup':
    case 'dropdown':
      return allowedChoices(question).includes(value as ChoiceValue) ? null : 'is not a choice';
    case 'checkbox': {
      if (!Array.isArray(value)) return 'is not a list of choices';
      const allowed = allowedChoices(question);
      if (!value.every((item) => allowed.includes(item as ChoiceValue))) return 'is not a choice';
      if (new Set(value).size !== value.length) return 'repeats a choice';
      if (question.maxSelectedChoices && value.length > question.maxSelectedChoices) {
        return 'has too many choices';
      }
      return null;
    }
    case 'rating': {
      const min = question.rateMin ?? 1;
      const max = question.rateMax ?? 5;
      const step = question.rateStep ?? 1;
      return typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= min &&
        value <= max &&
        (value - min) % step === 0
        ? null
        : 'is not a rating';
    }
    case 'text': {
      if (question.inputType === 'number') {
        if (!isNumeric(value)) return 'is not a number';
        const number = Number(value);
        if (typeof question.min === 'number' && number < question.min) return 'is too small';
        if (typeof question.max === 'number' && number > question.max) return 'is too large';
        return null;
      }
      if (typeof value !== 'string') return 'is not text';
      if (question.inputType === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        return 'is not a date';
      }
      return value.length <= (question.maxLength ?? 2000) ? null : 'is too long';
    }
    case 'comment':
      if (typeof value !== 'string') return 'is not text';
      return value.length <= (question.maxLength ?? 5000) ? null : 'is too long';
    case 'html':
    case 'expression':
      return 'is not a question';
  }
}

/**
 * Checks a questionnaireResult (JSON text of SurveyJS `survey.data`) against
 * the definition it claims to answer and returns the data to store.
 * Refused: not a JSON object; a key that names no question of THIS survey
 * (another questionnaire's answers, injected outcome fields such as
 * denyBooking or newExamSlug); a value of the wrong type or outside the
 * choices; a missing required
 * answer (including ones made visible or required by other answers) or a
 * failed validator, which survey-core decides exactly as the browser did.
 * Answers to questions the answers themselves hide are dropped, not stored.
 * Expression questions are computed here, never taken from the client.
 */
export function checkAnswerSet(survey: SurveyConfig, resultText: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(resultText);
  } catch {
    throw new InvalidAnswerSet('not JSON');
  }
  if (!isPlainObject(parsed)) throw new InvalidAnswerSet('not a JSON object');
  const questions = new Map(surveyQuestions(survey).map((question) => [question.name, question]));
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const question = questions.get(key);
    if (question?.type === 'expression') continue;
    if (question) {
      if (question.type === 'html') throw new InvalidAnswerSet(`${key} is not a question`);
      if (value !== null && value !== undefined) input[key] = value;
      continue;
    }
    // SurveyJS keeps an "Other" answer's text beside it as `<name>-Comment`.
    const owner = key.endsWith(otherSuffix)
      ? questions.get(key.slice(0, -otherSuffix.length))
      : undefined;
    if (owner && 'showOtherItem' in owner && owner.showOtherItem) {
      if (typeof value !== 'string' || value.length > maxOtherCommentLength) {
        throw new InvalidAnswerSet(`${key} is not a short text`);
      }
      input[key] = value;
      continue;
    }
    throw new InvalidAnswerSet(`${key} is not a question of this questionnaire`);
  }

  const model = new Model(survey);
  model.data = input;
  // Answers to questions the other answers hide are dropped, as SurveyJS itself drops them on
  // completion (the browser sends survey.data before that): never stored, never seen by rules.
  for (let pass = 0; pass < 10; pass += 1) {
    const hidden = Object.keys(input).filter((key) => {
      const live = model.getQuestionByName(key);
      return live && !(live.isVisible && live.isParentVisible && (live.page?.isVisible ?? true));
    });
    if (hidden.length === 0) break;
    for (const key of hidden) {
      delete input[key];
      delete input[`${key}${otherSuffix}`];
    }
    model.data = input;
  }
  for (const [key, value] of Object.entries(input)) {
    if (key.endsWith(otherSuffix) && !questions.has(key)) {
      const ownerValue = input[key.slice(0, -otherSuffix.length)];
      const chose = Array.isArray(ownerValue)
        ? ownerValue.includes('other')
        : ownerValue === 'other';
      if (!chose) throw new InvalidAnswerSet(`${key} without the other choice`);
      continue;
    }
    const problem = valueProblem(questions.get(key) as QuestionConfig, value);
    if (problem) throw new InvalidAnswerSet(`${key} ${problem}`);
  }
  if (!model.validate(false)) {
    const failed = model
      .getAllQuestions(true)
      .filter((question) => question.errors.length > 0)
      .map((question) => question.name);
    throw new InvalidAnswerSet(`incomplete or invalid: ${failed.join(', ')}`);
  }
  return { ...model.data };
}
