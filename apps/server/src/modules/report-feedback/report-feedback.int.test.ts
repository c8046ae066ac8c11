import type { FeedbackQuestionnaire } from '@portal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoProvider } from '../../../test/build-test-app.ts';
import {
  type FeedbackTestApp,
  feedbackPath,
  feedbackStudies,
  linkQuery as link,
  reportQualityAnswers,
  startFeedbackTestApp,
} from '../../../test/factories/report-feedback.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { demoStudies } from '../image-viewer/index.ts';

/**
 * Report-quality feedback's rules around the link (docs/product/images.md#report-quality-feedback,
 * decision 033): the query, the answers, two answers at once, the off switch, the rate limit and
 * OpenAPI, with real links against a real Orthanc, on PGlite and PostgreSQL.
 */
const clock = fixedClock('2026-03-02T00:00:00Z');
let feedback: FeedbackTestApp;
const answersStudy = feedbackStudies[2]!.accessionNumber;
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

describe('the query and the answers', () => {
  it('wants exactly one of imsec and pacsAppointmentId', async () => {
    const imsec = await referrerLink(answersStudy!);
    for (const query of [
      '',
      `${link(imsec)}&pacsAppointmentId=${ct}`,
      'imsec=',
      'pacsAppointmentId=',
    ]) {
      const response = await inject('GET', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('checks the answers against the current version and stores nothing it refuses', async () => {
    const imsec = await referrerLink(answersStudy!);
    const { questionnaireId } = (await inject('GET', link(imsec))).json<FeedbackQuestionnaire>();
    const patientFeedback = await feedback.testApp.database.db
      .selectFrom('questionnaires')
      .select('id')
      .where('slug', '=', 'feedback')
      .executeTakeFirstOrThrow();
    const refusals: Array<[object, number, string]> = [
      [
        { questionnaireId, questionnaireResult: reportQualityAnswers({ clarity: 6 }) },
        400,
        'message.error_answering_questionnaire',
      ],
      [
        { questionnaireId, questionnaireResult: reportQualityAnswers({ clarity: null }) },
        400,
        'message.error_answering_questionnaire',
      ],
      [
        {
          questionnaireId,
          questionnaireResult: reportQualityAnswers({ answeredClinicalQuestion: 'maybe' }),
        },
        400,
        'message.error_answering_questionnaire',
      ],
      [
        {
          questionnaireId,
          questionnaireResult: reportQualityAnswers({ comment: 'x'.repeat(1001) }),
        },
        400,
        'message.error_answering_questionnaire',
      ],
      [
        { questionnaireId, questionnaireResult: reportQualityAnswers({ denyBooking: true }) },
        400,
        'message.error_answering_questionnaire',
      ],
      [
        { questionnaireId, questionnaireResult: 'not json' },
        400,
        'message.error_answering_questionnaire',
      ],
      // The patients' FEEDBACK questionnaire is not the one asked here.
      [
        { questionnaireId: patientFeedback.id, questionnaireResult: '{"overall":5}' },
        404,
        'QUESTIONNAIRE_UNKNOWN',
      ],
      [{ questionnaireId }, 400, 'VALIDATION_FAILED'],
      [
        { questionnaireId: 'nope', questionnaireResult: reportQualityAnswers() },
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [payload, status, code] of refusals) {
      const response = await inject('POST', link(imsec), { payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    expect((await rows()).some((r) => r.accession_number === answersStudy)).toBe(false);
    // The comment is optional: without it the answers are complete.
    const { comment: _none, ...required } = JSON.parse(reportQualityAnswers());
    expect(
      (
        await inject('POST', link(imsec), {
          payload: { questionnaireId, questionnaireResult: JSON.stringify(required) },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('of two answers sent at once about one report, stores one and refuses the other', async () => {
    const [one, two] = [await referrerLink(ct), await referrerLink(ct)];
    const { questionnaireId } = (await inject('GET', link(one!))).json<FeedbackQuestionnaire>();
    // On PostgreSQL both answers are held at their INSERT until both are there, so both pass
    // the "already given?" check first and only the unique accession number can refuse one.
    // PGlite runs one statement at a time: there the two only race through the service.
    const url = (feedback.testApp.database as { url?: string | null }).url ?? null;
    const locker = url ? new pg.Client({ connectionString: url }) : null;
    if (locker) {
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE report_quality_feedback IN SHARE MODE');
    }
    const sent = Promise.all(
      [one!, two!].map((imsec, index) =>
        inject('POST', link(imsec), {
          payload: {
            questionnaireId,
            questionnaireResult: reportQualityAnswers({ clarity: index + 1 }),
          },
        }),
      ),
    );
    if (locker) {
      // Asked on a connection of its own: inside the locker's transaction the view stays as it was.
      const watcher = new pg.Client({ connectionString: url as string });
      await watcher.connect();
      const waiting = async () =>
        Number(
          (
            await watcher.query(
              `SELECT count(*) AS n FROM pg_stat_activity
               WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "report_quality_feedback"%'`,
            )
          ).rows[0].n,
        );
      try {
        await expect.poll(waiting, { timeout: 15_000 }).toBe(2);
      } finally {
        await locker.query('COMMIT');
        await Promise.all([locker.end(), watcher.end()]);
      }
    }
    const responses = await sent;
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser?.json().error.code).toBe('REPORT_FEEDBACK_ALREADY_PROVIDED');
    expect((await rows()).filter((r) => r.accession_number === ct)).toHaveLength(1);
  });
});

describe('the switch and the limits', () => {
  it('while referrerReportQualityFeedbackEnabled is off, refuses and reads nothing', async () => {
    const imsec = await referrerLink(ct);
    const provider = demoProvider();
    const off = await buildTestApp({
      clock,
      database: feedback.testApp.database,
      env: { RATE_LIMIT_MAX: '1000' },
      provider: {
        ...provider,
        application: { ...provider.application, referrerReportQualityFeedbackEnabled: false },
      },
    });
    try {
      const [rowsBefore, auditsBefore] = [(await rows()).length, (await feedbackAudits()).length];
      for (const query of [link(imsec), `pacsAppointmentId=${ct}`, link('not-a-token')]) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await inject(method, query, {
            app: off,
            payload: {
              questionnaireId: crypto.randomUUID(),
              questionnaireResult: reportQualityAnswers(),
            },
          });
          expect(response.statusCode, `${method} ${query}`).toBe(404);
          expect(response.json().error.code).toBe('REPORT_FEEDBACK_DISABLED');
        }
      }
      expect((await rows()).length).toBe(rowsBefore);
      expect((await feedbackAudits()).length).toBe(auditsBefore);
    } finally {
      await off.app.close();
    }
  });

  it('is off too while no FEEDBACK questionnaire for referrers is configured', async () => {
    const imsec = await referrerLink(ct);
    const deactivate = (active: boolean) =>
      feedback.testApp.database.db
        .updateTable('questionnaires')
        .set({ active })
        .where('slug', '=', 'report-quality')
        .execute();
    await deactivate(false);
    try {
      const response = await inject('GET', link(imsec));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('REPORT_FEEDBACK_DISABLED');
    } finally {
      await deactivate(true);
    }
  });

  it('limits each address like the image viewer link routes (a tenth of RATE_LIMIT_MAX a minute)', async () => {
    const imsec = await referrerLink(ct);
    const statuses: number[] = [];
    for (let n = 0; n < 101; n += 1) {
      statuses.push((await inject('GET', link(imsec), { remoteAddress: '10.71.9.9' })).statusCode);
    }
    expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('is in the OpenAPI document with both methods', async () => {
    const document = (
      await feedback.testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json();
    const operations = document.paths[feedbackPath];
    expect(Object.keys(operations).sort()).toEqual(['get', 'post']);
    expect(operations.get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'imsec',
      'pacsAppointmentId',
    ]);
    expect(Object.keys(operations.post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409']),
    );
  });
});
