import type { Questionnaire } from '@portal/contract';

/**
 * jsdom has no ResizeObserver; SurveyJS's responsive layout needs one
 * (docs/product/questionnaires.md#testing-notes).
 */
export function stubResizeObserver(): void {
  if (typeof window.ResizeObserver === 'function') return;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** A one-question questionnaire: enough to render, answer and complete in jsdom. */
export function tinyQuestionnaire(overrides: Partial<Questionnaire> = {}): Questionnaire {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'mri-safety',
    version: 1,
    type: 'REQUIRED_ON_CONFIRMATION',
    title: 'MRI safety',
    modalSize: 'LG',
    showClosingConfirmation: false,
    examSlugs: ['mri-brain'],
    modalityIds: [],
    general: false,
    definition: {
      pages: [
        {
          name: 'safety',
          elements: [
            {
              type: 'radiogroup',
              name: 'pacemaker',
              title: 'Do you have a pacemaker?',
              isRequired: true,
              choices: [
                { value: 'yes', text: 'Yes' },
                { value: 'no', text: 'No' },
              ],
            },
          ],
        },
      ],
    },
    ...overrides,
  };
}
