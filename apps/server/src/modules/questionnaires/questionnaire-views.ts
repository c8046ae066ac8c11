import type { Questionnaire, QuestionnaireAnswer, QuestionnaireType } from '@portal/contract';
import type { AnswerRow, DefinitionRow } from './questionnaires.repository.ts';

/** An exam being booked or booked, with its modality (null when the exam is unknown). */
export interface ExamRef {
  slug: string;
  modalitySlug: string | null;
}

/** Whether a definition is asked for any of these exams. */
export function appliesTo(definition: DefinitionRow, exams: readonly ExamRef[]): boolean {
  return (
    definition.general ||
    exams.some(
      (exam) =>
        definition.examSlugs.includes(exam.slug) ||
        (exam.modalitySlug !== null && definition.modalitySlugs.includes(exam.modalitySlug)),
    )
  );
}

/** The browser's view: the SurveyJS JSON without outcome rules or the content hash. */
export function toQuestionnaire(
  definition: DefinitionRow,
  modalityIds: ReadonlyMap<string, number>,
): Questionnaire {
  return {
    id: definition.id,
    slug: definition.slug,
    version: definition.version,
    type: definition.type,
    title: definition.title,
    modalSize: definition.modalSize,
    showClosingConfirmation: definition.showClosingConfirmation,
    examSlugs: definition.examSlugs,
    modalityIds: definition.modalitySlugs.flatMap((slug) => {
      const id = modalityIds.get(slug);
      return id === undefined ? [] : [id];
    }),
    general: definition.general,
    definition: definition.survey,
  };
}

export function toAnswer(answer: AnswerRow, type: QuestionnaireType): QuestionnaireAnswer {
  return {
    questionnaireId: answer.questionnaireId,
    questionnaireType: type,
    questionnaireVersion: answer.questionnaireVersion,
    questionnaireResult: JSON.stringify(answer.result),
    answeredAt: new Date(answer.createdAt).toISOString(),
  };
}

/** Unanswered first, then answered; each keeps the configured order. */
export function unansweredFirst(
  definitions: readonly DefinitionRow[],
  answered: (definition: DefinitionRow) => boolean,
): DefinitionRow[] {
  return [
    ...definitions.filter((definition) => !answered(definition)),
    ...definitions.filter((definition) => answered(definition)),
  ];
}
