import type { QuestionnaireAnswer, QuestionnairesResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { tinyQuestionnaire } from '../testing.ts';
import { authenticationPath, backAddressOf, questionnairePageParams } from './page-params.ts';
import {
  denyPath,
  denyTarget,
  finishAction,
  modalSizeOf,
  safeRedirect,
  saveErrorKeyOf,
  showsCloseControl,
  surveyLocaleOf,
  unansweredOf,
} from './questionnaire-rules.ts';

const answer = (questionnaireId: string): QuestionnaireAnswer => ({
  questionnaireId,
  questionnaireType: 'REQUIRED_ON_CONFIRMATION',
  questionnaireVersion: 1,
  questionnaireResult: '{}',
  answeredAt: '2031-05-04T10:00:00+10:00',
});

describe('questionnaire rules', () => {
  it('sizes the modal by modalSize lowercased, lg by default', () => {
    expect(modalSizeOf({ modalSize: 'SM' })).toBe('sm');
    expect(modalSizeOf({ modalSize: 'XL' })).toBe('xl');
    expect(modalSizeOf({ modalSize: null })).toBe('lg');
    expect(modalSizeOf({ modalSize: 'HUGE' })).toBe('lg');
    expect(modalSizeOf(null)).toBe('lg');
  });

  it('has no close control for pain score, protocol and booking form only', () => {
    for (const type of [
      'PAIN_SCORE_INITIAL',
      'PAIN_SCORE_FINAL',
      'PROTOCOL',
      'BOOKING_FORM',
    ] as const) {
      expect(showsCloseControl(type)).toBe(false);
    }
    for (const type of [
      'REQUIRED_ON_CONFIRMATION',
      'MODALITY_ROUTING',
      'CANCEL_APPOINTMENT_PATIENT',
      'DECLINE_APPOINTMENT',
      'FEEDBACK',
    ] as const) {
      expect(showsCloseControl(type)).toBe(true);
    }
  });

  it('keeps the unanswered questionnaires in the server order', () => {
    const [a, b, c] = ['1', '2', '3'].map((n) =>
      tinyQuestionnaire({ id: `00000000-0000-4000-8000-00000000000${n}` }),
    );
    const response: QuestionnairesResponse = {
      questionnaires: [c!, a!, b!],
      bookingKey: 'k'.repeat(22),
      examQuestionnaireAnswers: [answer(a!.id)],
      allQuestionnaireAnswers: [answer(a!.id)],
    };
    expect(unansweredOf(response).map((q) => q.id)).toEqual([c!.id, b!.id]);
  });

  it('follows only same-site redirects', () => {
    expect(safeRedirect('/appointments/abc?x=1')).toBe('/appointments/abc?x=1');
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example/')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('decides what follows the last questionnaire', () => {
    const base = { lastType: null, redirectUrl: null, changedExamSlug: null, answeredAny: true };
    expect(finishAction({ ...base, answeredAny: false, redirectUrl: '/a' })).toEqual({
      kind: 'message',
      key: 'message.questionnaires_already_answered',
    });
    expect(finishAction({ ...base, lastType: 'BOOKING_FORM', redirectUrl: '/booking' })).toEqual({
      kind: 'navigate',
      to: '/booking',
      delayMs: 100,
    });
    expect(finishAction({ ...base, changedExamSlug: 'x', redirectUrl: '/booking' })).toEqual({
      kind: 'navigate',
      to: '/booking',
      delayMs: 400,
    });
    expect(finishAction({ ...base, redirectUrl: '/appointments/k' })).toEqual({
      kind: 'navigate',
      to: '/appointments/k',
      delayMs: 0,
    });
    expect(finishAction({ ...base, redirectUrl: 'https://evil.example' })).toEqual({
      kind: 'message',
      key: 'questionnaire.all_saved',
    });
  });

  it('sends a denied booking to the outcome URL or to /deny with its message', () => {
    const translate = (key: string) => `T(${key})`;
    expect(denyTarget({ url: 'https://provider.example/mri', message: null }, translate)).toEqual({
      kind: 'external',
      url: 'https://provider.example/mri',
    });
    expect(denyTarget({ url: '/contact', message: null }, translate)).toEqual({
      kind: 'internal',
      path: '/contact',
    });
    const provider = denyTarget({ url: null, message: 'Call us: 1300 000 000.' }, translate);
    expect(provider).toEqual({
      kind: 'internal',
      path: `/deny?${new URLSearchParams({ customMessage: 'Call us: 1300 000 000.' })}`,
    });
    const keyed = denyTarget({ url: null, message: null }, translate);
    expect(
      keyed.kind === 'internal' &&
        new URL(keyed.path, 'http://x').searchParams.get('customMessage'),
    ).toBe('T(message.booking_denied)');
  });

  it('gives /deny a close link only with a redirect', () => {
    const params = new URL(denyPath({ text: 'No', redirectUrl: '/a/k' }), 'http://x').searchParams;
    expect(params.get('showClose')).toBe('true');
    expect(params.get('redirectUrl')).toBe('/a/k');
    expect(new URL(denyPath({ text: 'No' }), 'http://x').searchParams.has('showClose')).toBe(false);
  });

  it('names the save failure by type', () => {
    expect(saveErrorKeyOf('PAIN_SCORE_FINAL')).toBe('message.pain_score_problem');
    expect(saveErrorKeyOf('PROTOCOL')).toBe('message.booking_request_waiting_protocol_error');
    expect(saveErrorKeyOf('FEEDBACK')).toBe('message.error_answering_questionnaire');
  });

  it('uses SurveyJS Macedonian for mk and English otherwise', () => {
    expect(surveyLocaleOf('mk')).toBe('mk');
    expect(surveyLocaleOf('en-NZ')).toBe('en');
  });
});

describe('page parameters', () => {
  it('reads the query and tells a booking request by type or flag', () => {
    const page = questionnairePageParams(
      new URLSearchParams('bookingKey=abc&type=PROTOCOL&redirectUrl=%2Fbr%2Fabc'),
    );
    expect(page).toMatchObject({ bookingKey: 'abc', type: 'PROTOCOL', bookingRequest: true });
    expect(backAddressOf(page)).toBe('/booking-requests/abc');
    const cancel = questionnairePageParams(
      new URLSearchParams('bookingKey=abc&type=CANCEL_APPOINTMENT_PATIENT&type2=x'),
    );
    expect(cancel.bookingRequest).toBe(false);
    expect(backAddressOf(cancel)).toBe('/appointments/abc');
    expect(questionnairePageParams(new URLSearchParams('type=NOPE')).type).toBeNull();
  });

  it('goes through authentication and back', () => {
    const page = questionnairePageParams(new URLSearchParams('bookingKey=abc'));
    const target = new URL(authenticationPath(page, '/q?bookingKey=abc'), 'http://x');
    expect(target.pathname).toBe('/authentication');
    expect(target.searchParams.get('returnUrl')).toBe('/q?bookingKey=abc');
    expect(target.searchParams.get('type')).toBe('APPOINTMENT');
  });
});
