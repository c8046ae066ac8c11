import { slugSchema } from '@portal/contract';
import { z } from 'zod';
import { readConfigDirectory } from '../../config/config-directory.ts';
import { ProviderConfigError } from '../../config/provider-config.ts';
import { surveyConfigSchema, surveyProblems, surveyQuestions } from '../questionnaires/index.ts';

/**
 * config/consent-forms/*.json: one consent form per file (docs/product/consent-forms.md#definitions).
 * Like questionnaires, they are provider configuration read and checked at every start and
 * written to the database then (consent-form-sync.ts): a change of what the patient reads
 * (title, survey, the name question) makes a new version; who needs the form (general,
 * examSlugs, modalitySlugs), its order and notifyPatient are current settings.
 */
export const consentFormConfigSchema = z.strictObject({
  slug: slugSchema,
  title: z.string().min(1).max(200),
  /** Needed for every appointment. Otherwise for `examSlugs` and exams of `modalitySlugs`. */
  general: z.boolean().default(false),
  examSlugs: z.array(slugSchema).max(100).default([]),
  modalitySlugs: z.array(slugSchema).max(20).default([]),
  /** The text question in which the patient types their full name as their signature. */
  signerNameQuestion: z.string().max(64).optional(),
  /** Queue an e-mail to the patient when they sign (the save answers notifyPatient). */
  notifyPatient: z.boolean().default(false),
  /** Order among an appointment's forms (lower first). */
  order: z.number().int().default(0),
  survey: surveyConfigSchema,
});
export type ConsentFormConfig = z.infer<typeof consentFormConfigSchema>;

function formProblems(config: ConsentFormConfig): string[] {
  const { problems } = surveyProblems(config.survey);
  if (config.signerNameQuestion) {
    const question = surveyQuestions(config.survey).find(
      (candidate) => candidate.name === config.signerNameQuestion,
    );
    if (question?.type !== 'text' || !question.isRequired) {
      problems.push(
        `signerNameQuestion: ${config.signerNameQuestion} is not a required text question`,
      );
    }
  }
  if (!config.general && config.examSlugs.length === 0 && config.modalitySlugs.length === 0) {
    problems.push('general, examSlugs or modalitySlugs: the form is attached to nothing');
  }
  return problems;
}

/**
 * Reads and checks config/consent-forms/*.json. A missing directory means no consent forms.
 * Collects every problem, then throws ProviderConfigError (the server does not start).
 */
export function loadConsentFormConfig(configDir: string): ConsentFormConfig[] {
  const { files, problems } = readConfigDirectory(
    configDir,
    'consent-forms',
    consentFormConfigSchema,
  );
  const slugs = new Set<string>();
  for (const { file, config } of files) {
    if (slugs.has(config.slug)) problems.push(`${file}: slug ${config.slug} is used twice`);
    slugs.add(config.slug);
    for (const problem of formProblems(config)) problems.push(`${file}: ${problem}`);
  }
  if (problems.length > 0) throw new ProviderConfigError(problems);
  return files.map(({ config }) => config);
}
