import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProviderConfigError } from '../../config/provider-config.ts';
import { checkAnswerSet, InvalidAnswerSet } from './answer-validation.ts';
import { combineOutcome, matchingRules } from './outcomes.ts';
import { loadQuestionnaireConfig, type QuestionnaireConfig } from './questionnaire-config.ts';

const demo = loadQuestionnaireConfig(
  fileURLToPath(new URL('../../../../../config', import.meta.url)),
);
const bySlug = (slug: string): QuestionnaireConfig => {
  const found = demo.find((config) => config.slug === slug);
  if (!found) throw new Error(`no demo questionnaire ${slug}`);
  return found;
};
const mriSafe = {
  pacemaker: false,
  neurostimulator: false,
  cochlearImplant: false,
  metalInEyes: false,
  otherImplants: false,
  recentSurgery: false,
};
const context = { today: '2026-03-02', questionnaireIdOfSlug: () => null };
const outcomeOf = (slug: string, data: Record<string, unknown>, exams: string[]) => {
  const config = bySlug(slug);
  const stored = checkAnswerSet(config.survey, JSON.stringify(data));
  return combineOutcome(
    matchingRules({ questionnaireId: 'q', rules: config.outcomes, data: stored }, exams),
    context,
  );
};

describe('demo questionnaires (config/questionnaires)', () => {
  it('load and cover every type the issue names', () => {
    expect(new Set(demo.map((config) => config.type))).toEqual(
      new Set([
        'REQUIRED_ON_CONFIRMATION',
        'BOOKING_FORM',
        'MODALITY_ROUTING',
        'CREATE_BOOKING_REQUEST',
        'CREATE_BOOKING_REQUEST_REFERRER',
        'CANCEL_APPOINTMENT_PATIENT',
        'DECLINE_APPOINTMENT',
        'FEEDBACK',
        'PAIN_SCORE_INITIAL',
        'PAIN_SCORE_FINAL',
        'PROTOCOL',
      ]),
    );
  });

  it('MRI: a pacemaker denies the booking with a message; an implant routes to a booking request', () => {
    const denied = outcomeOf('mri-safety', { ...mriSafe, pacemaker: true }, ['mri-knee']);
    expect(denied.outcome.denyBooking).toBe(true);
    expect(denied.outcome.message).toMatch(/pacemaker/);
    expect(denied.routeToBookingRequest).toBeNull();
    const implant = outcomeOf(
      'mri-safety',
      { ...mriSafe, otherImplants: true, implantDetails: 'Titanium hip, 2019' },
      ['mri-knee'],
    );
    expect(implant.outcome.denyBooking).toBe(false);
    expect(implant.routeToBookingRequest?.confirmationMessage).toMatch(/implant/);
    expect(outcomeOf('mri-safety', mriSafe, ['mri-knee']).routeToBookingRequest).toBeNull();
  });

  it('pregnancy: CT abdomen changes to abdominal ultrasound only when that exam is booked', () => {
    const changed = outcomeOf('pregnancy-check', { possiblyPregnant: 'possibly' }, [
      'ct-abdomen-pelvis',
    ]);
    expect(changed.outcome.newExamSlug).toBe('abdominal-ultrasound');
    const kub = outcomeOf('pregnancy-check', { possiblyPregnant: 'yes' }, ['ct-kub']);
    expect(kub.outcome.newExamSlug).toBeNull();
    expect(kub.routeToBookingRequest).not.toBeNull();
    expect(
      outcomeOf('pregnancy-check', { possiblyPregnant: 'no' }, ['ct-abdomen-pelvis']).outcome,
    ).toMatchObject({
      newExamSlug: null,
      denyBooking: false,
    });
  });

  it('CT contrast: kidney disease without a recent blood test restricts the first day', () => {
    const result = outcomeOf(
      'ct-contrast',
      { contrastAllergy: false, kidneyDisease: true, recentBloodTest: 'never', metformin: false },
      ['ct-chest'],
    );
    expect(result.outcome.restrictMinDate).toBe('2026-03-09');
    expect(result.routeToBookingRequest).toBeNull();
  });
});

describe('checkAnswerSet', () => {
  const mri = bySlug('mri-safety').survey;
  const refused = (survey: typeof mri, data: unknown) =>
    expect(() =>
      checkAnswerSet(survey, typeof data === 'string' ? data : JSON.stringify(data)),
    ).toThrow(InvalidAnswerSet);

  it('accepts a complete answer set and returns it', () => {
    expect(checkAnswerSet(mri, JSON.stringify(mriSafe))).toEqual(mriSafe);
  });

  it('refuses missing required answers, including ones another answer makes visible', () => {
    refused(mri, { ...mriSafe, pacemaker: undefined });
    refused(mri, { ...mriSafe, otherImplants: true });
  });

  it("refuses unknown keys, injected outcome fields and another questionnaire's answers", () => {
    refused(mri, { ...mriSafe, denyBooking: false });
    refused(mri, { ...mriSafe, newExamSlug: 'x-ray' });
    refused(mri, { possiblyPregnant: 'no' });
  });

  it('refuses wrong types and values outside the choices', () => {
    refused(mri, { ...mriSafe, pacemaker: 'no' });
    refused(bySlug('pregnancy-check').survey, { possiblyPregnant: 'maybe' });
    refused(bySlug('feedback').survey, { overall: 6 });
    refused(bySlug('feedback').survey, { overall: '5' });
    refused(bySlug('protocol').survey, {
      weightKg: 900,
      betaBlockers: false,
      asthma: false,
      contrastAllergy: false,
      erectileDysfunctionMedicine: false,
    });
  });

  it('refuses text that is not a JSON object', () => {
    refused(mri, 'not json');
    refused(mri, '[]');
  });

  it('drops answers to questions the answers hide (as SurveyJS does on completion)', () => {
    expect(
      checkAnswerSet(
        mri,
        JSON.stringify({ ...mriSafe, implantDetails: 'typed, then answered no' }),
      ),
    ).toEqual(mriSafe);
  });

  it('accepts "other" with its comment only when other was chosen', () => {
    const cancel = bySlug('cancel-reason').survey;
    expect(
      checkAnswerSet(cancel, JSON.stringify({ reason: 'other', 'reason-Comment': 'Moving house' })),
    ).toEqual({
      reason: 'other',
      'reason-Comment': 'Moving house',
    });
    refused(cancel, { reason: 'time', 'reason-Comment': 'x' });
  });
});

describe('loadQuestionnaireConfig', () => {
  const write = (content: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'questionnaires-'));
    mkdirSync(join(dir, 'questionnaires'));
    writeFileSync(join(dir, 'questionnaires', 'one.json'), JSON.stringify(content));
    return dir;
  };
  const valid = {
    slug: 'one',
    type: 'FEEDBACK',
    title: 'One',
    general: true,
    survey: { pages: [{ name: 'p', elements: [{ type: 'boolean', name: 'ok' }] }] },
    outcomes: [{ when: '{ok} = true', medicareNumberRequired: true }],
  };

  it('accepts a valid file', () => {
    expect(loadQuestionnaireConfig(write(valid))).toHaveLength(1);
  });

  it('refuses unknown keys, unknown question types and rules naming no question', () => {
    expect(() => loadQuestionnaireConfig(write({ ...valid, titel: 'typo' }))).toThrow(
      ProviderConfigError,
    );
    expect(() =>
      loadQuestionnaireConfig(
        write({
          ...valid,
          survey: { pages: [{ name: 'p', elements: [{ type: 'matrix', name: 'm' }] }] },
        }),
      ),
    ).toThrow(ProviderConfigError);
    expect(() =>
      loadQuestionnaireConfig(
        write({ ...valid, outcomes: [{ when: '{missing} = true', denyBooking: true }] }),
      ),
    ).toThrow(/names no question missing/);
    expect(() =>
      loadQuestionnaireConfig(
        write({ ...valid, outcomes: [{ when: '{ok} = = (', denyBooking: true }] }),
      ),
    ).toThrow(/not a valid expression/);
  });

  it('refuses requiredBeforeBooking where the appointment gate cannot require it', () => {
    const referrer = { ...valid, type: 'CREATE_BOOKING_REQUEST_REFERRER', general: false };
    const attached = { ...referrer, examSlugs: ['ct-guided-spinal-injection'] };
    expect(loadQuestionnaireConfig(write(attached))).toHaveLength(1);
    expect(() =>
      loadQuestionnaireConfig(write({ ...attached, requiredBeforeBooking: true })),
    ).toThrow(/CREATE_BOOKING_REQUEST_REFERRER questionnaire cannot be required/);
    expect(() => loadQuestionnaireConfig(write({ ...valid, requiredBeforeBooking: true }))).toThrow(
      /FEEDBACK questionnaire cannot be required/,
    );
    const routing = { ...valid, type: 'CREATE_BOOKING_REQUEST', requiredBeforeBooking: true };
    expect(loadQuestionnaireConfig(write(routing))).toHaveLength(1);
  });
});
