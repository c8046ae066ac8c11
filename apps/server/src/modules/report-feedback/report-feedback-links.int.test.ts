import type { FeedbackQuestionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPatient } from '../../../test/factories/authentication.ts';
import { tamperedToken } from '../../../test/factories/image-viewer.ts';
import {
  type FeedbackTestApp,
  feedbackStudies,
  imsecOf,
  linkQuery as link,
  reportQualityAnswers,
  startFeedbackTestApp,
  tokenIdOf,
} from '../../../test/factories/report-feedback.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { demoStudies } from '../image-viewer/index.ts';

/**
 * Report-quality feedback by viewer link (docs/product/images.md#report-quality-feedback,
 * decision 033): real links made by the image viewer against a real Orthanc, the feedback
 * questionnaire synced from config/questionnaires, on PGlite and PostgreSQL. Which links may
 * give feedback, and once per report.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let feedback: FeedbackTestApp;
const [referrerStudy, externalStudy, raceStudy] = feedbackStudies.map((s) => s.accessionNumber);
const ct = demoStudies[0]!.accessionNumber;
const inject: FeedbackTestApp['inject'] = (...args) => feedback.inject(...args);
const referrerLink = (accessionNumber: string) => feedback.referrerLink(accessionNumber);
const rows = () => feedback.rows();
const feedbackAudits = () => feedback.feedbackAudits();

beforeAll(async () => {
  feedback = await startFeedbackTestApp(clock);
}, 120_000);
afterAll(async () => {
  await feedback?.close();
});

describe("a referrer's link", () => {
  it('answers the feedback questionnaire, stores the answers once, then answers null', async () => {
    const imsec = await referrerLink(referrerStudy!);
    const first = await inject('GET', link(imsec));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json<FeedbackQuestionnaire>();
    expect(body).toMatchObject({
      questionnaireResult: null,
      questionnaire: {
        slug: 'report-quality',
        type: 'FEEDBACK',
        title: 'Feedback on this report',
        modalSize: 'MD',
        showClosingConfirmation: false,
        examSlugs: [],
        modalityIds: [],
      },
    });
    expect(body.questionnaireId).toBe(body.questionnaire.id);
    // The survey the browser renders: rating, the clinical question and the optional comment.
    const elements = (
      body.questionnaire.definition as { pages: { elements: { name: string }[] }[] }
    ).pages.flatMap((page) => page.elements.map((element) => element.name));
    expect(elements).toEqual(['clarity', 'answeredClinicalQuestion', 'comment']);

    const saved = await inject('POST', link(imsec), {
      payload: {
        questionnaireId: body.questionnaireId,
        questionnaireResult: reportQualityAnswers(),
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({
      questionnaireId: body.questionnaireId,
      questionnaireVersion: body.questionnaire.version,
      answeredAt: clock.now().toISOString(),
    });
    const [row] = (await rows()).filter((r) => r.accession_number === referrerStudy);
    expect(row).toMatchObject({
      questionnaire_id: body.questionnaireId,
      questionnaire_version: body.questionnaire.version,
      given_by: 'REFERRER',
      link_token_id: tokenIdOf(imsec),
      staff_subject: null,
      result: { clarity: 4, answeredClinicalQuestion: 'yes', comment: 'Clear and to the point.' },
    });

    // Once per report: the same link, and another link to the same study, find it answered.
    const again = await inject('GET', link(imsec));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toBeNull();
    const otherLink = await referrerLink(referrerStudy!);
    expect((await inject('GET', link(otherLink))).json()).toBeNull();
    const second = await inject('POST', link(otherLink), {
      payload: {
        questionnaireId: body.questionnaireId,
        questionnaireResult: reportQualityAnswers(),
      },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('REPORT_FEEDBACK_ALREADY_PROVIDED');
    expect((await rows()).filter((r) => r.accession_number === referrerStudy)).toHaveLength(1);

    // Audited: reads, the save and the refusal, by accession number and token id.
    const audits = (await feedbackAudits()).filter((a) => a.subject_id === referrerStudy);
    expect(audits.map((a) => a.action)).toEqual([
      'report-feedback.read',
      'report-feedback.saved',
      'report-feedback.read',
      'report-feedback.read',
      'report-feedback.refused',
    ]);
    expect(audits[1]).toMatchObject({
      actor: 'referrer',
      subject_type: 'accession_number',
      details: { givenBy: 'REFERRER', tokenId: tokenIdOf(imsec), staffSubject: null },
    });
    expect(audits[4]?.details).toMatchObject({ reason: 'already-provided' });
  });

  it("an external radiologist's link gives feedback too", async () => {
    const direct = await feedback.testApp.app.inject({
      method: 'POST',
      url: '/api/image_viewer/direct',
      payload: { input: externalStudy, username: 'Dr Ext', email: 'ext@partner.example' },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    const imsec = imsecOf(direct.json().url);
    const { questionnaireId } = (await inject('GET', link(imsec))).json<FeedbackQuestionnaire>();
    const saved = await inject('POST', link(imsec), {
      payload: {
        questionnaireId,
        questionnaireResult: reportQualityAnswers({ clarity: 2, answeredClinicalQuestion: 'no' }),
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [row] = (await rows()).filter((r) => r.accession_number === externalStudy);
    expect(row).toMatchObject({ given_by: 'EXTERNAL', link_token_id: tokenIdOf(imsec) });
  });
});

describe('links that may not give feedback', () => {
  it("refuses a patient's own link: feedback on the report is the referrer's", async () => {
    const made = await feedback.testApp.app.inject({
      method: 'POST',
      url: `/api/image_viewer/generate?accessionNumber=${ct}`,
      headers: { cookie: feedback.patientCookie },
    });
    expect(made.statusCode, made.body).toBe(200);
    const imsec = imsecOf(made.json().url);
    const before = (await rows()).length;
    for (const method of ['GET', 'POST'] as const) {
      const response = await inject(method, link(imsec), {
        payload: {
          questionnaireId: crypto.randomUUID(),
          questionnaireResult: reportQualityAnswers(),
        },
      });
      expect(response.statusCode, method).toBe(403);
      expect(response.json().error.code).toBe('REPORT_FEEDBACK_PATIENT_LINK');
    }
    expect((await rows()).length).toBe(before);
    const refused = (await feedbackAudits()).filter((a) => a.subject_id === ct);
    expect(refused.map((a) => [a.action, a.actor, a.details.reason])).toEqual([
      ['report-feedback.refused', 'public', 'patient-link'],
      ['report-feedback.refused', 'public', 'patient-link'],
    ]);
    // Never the patient's name: the audit names the study and the link only.
    const text = JSON.stringify(await feedbackAudits());
    expect(text).not.toMatch(new RegExp(`${demoPatient.first_name}|${demoPatient.last_name}`, 'i'));
  });

  it('refuses malformed, forged and expired links with the image viewer codes', async () => {
    const imsec = await referrerLink(raceStudy!);
    const [header, payload] = imsec.split('.');
    const cases: Array<[string, number, string]> = [
      ['not-a-token', 400, 'IMAGE_VIEWER_TOKEN_INVALID'],
      [imsec.slice(0, 40), 400, 'IMAGE_VIEWER_TOKEN_INVALID'],
      [
        `${header}.${payload}.${Buffer.alloc(32, 7).toString('base64url')}`,
        403,
        'IMAGE_VIEWER_TOKEN_FORBIDDEN',
      ],
      [tamperedToken(imsec, { acc: ct }), 403, 'IMAGE_VIEWER_TOKEN_FORBIDDEN'],
      [
        tamperedToken(imsec, { aud: 'image-viewer:REFERRER-2' }),
        403,
        'IMAGE_VIEWER_TOKEN_FORBIDDEN',
      ],
    ];
    for (const [token, status, code] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await inject(method, link(token), {
          payload: {
            questionnaireId: crypto.randomUUID(),
            questionnaireResult: reportQualityAnswers(),
          },
        });
        expect(response.statusCode, `${method} ${token.slice(0, 20)}`).toBe(status);
        expect(response.json().error.code).toBe(code);
      }
    }
    // Past the referrer link's life (7 days by default): expired, as the proxy says.
    const now = clock.now();
    clock.set(new Date(now.getTime() + 7 * 24 * 3600_000 + 1000));
    try {
      const expired = await inject('GET', link(imsec));
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('IMAGE_VIEWER_TOKEN_EXPIRED');
    } finally {
      clock.set(now);
    }
    expect((await rows()).some((r) => r.accession_number === raceStudy)).toBe(false);
  });
});
