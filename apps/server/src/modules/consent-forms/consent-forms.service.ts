import type {
  AppointmentConsentForm,
  ConsentFormsResponse,
  SignConsentFormRequest,
  SignConsentFormResponse,
  SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import type { AppointmentOfKey } from '../booking/index.ts';
import { checkAnswerSet, InvalidAnswerSet, type SurveyConfig } from '../questionnaires/index.ts';
import {
  ConsentAppointmentNotActiveError,
  ConsentFormAlreadySignedError,
  ConsentFormVersionChangedError,
  InvalidConsentAnswersError,
  UnknownConsentFormError,
} from './consent-forms.errors.ts';
import type { FormRow, SignatureRow, VersionRow } from './consent-forms.repository.ts';
import type { ConsentFormStore } from './consent-forms-store.ts';
import { definitionHash, signatureHash } from './signature-hash.ts';
import { signedNotice } from './signed-notice.ts';

export interface ConsentFormsDeps {
  store: ConsentFormStore;
  clock: Clock;
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): when the patient's is unknown. */
  defaultLocale: SupportedLocale;
  /** Why answers were refused, for the server log (question names, never answers). */
  onRefused?: (reason: string) => void;
}

/** Who signs and how they proved it: the signed-in session of the request (PatientSession). */
export interface Signer extends RequestContext {
  sessionId: string;
  authenticationType: string;
  otpVerified: boolean;
  userAgent: string | null;
}

const isActive = (appointment: AppointmentOfKey) =>
  appointment.status === 'BOOKED' || appointment.status === 'PENDING';

const needs = (form: FormRow, appointment: AppointmentOfKey) =>
  form.active &&
  (form.general ||
    form.examSlugs.includes(appointment.exam.slug) ||
    form.modalitySlugs.includes(appointment.exam.modalitySlug));

/**
 * Whether a signature is what was stored at signing: its version's text still hashes to the
 * version's hash, that is the hash the signature names, and the signature's own hash recomputes
 * over the stored version, answers, appointment and time (decision 024).
 */
function verifies(signature: SignatureRow, version: VersionRow | undefined): boolean {
  if (!version) return false;
  return (
    definitionHash(version) === version.definitionHash &&
    signature.definitionHash === version.definitionHash &&
    signatureHash({
      consentFormId: signature.consentFormId,
      version: signature.version,
      definitionHash: signature.definitionHash,
      answers: signature.answers,
      appointmentId: signature.appointmentId,
      signedAt: signature.signedAt,
    }) === signature.signatureHash
  );
}

/**
 * Consent forms of a booking key's appointments (docs/product/consent-forms.md): which forms
 * each BOOKED or PENDING appointment needs, and signing one, once.
 */
export function createConsentFormsService(deps: ConsentFormsDeps) {
  const { store, clock } = deps;

  async function appointmentsOf(bookingKey: string) {
    const appointments = await store.listAppointmentsOfKey(bookingKey);
    if (appointments.length === 0) throw new NotFoundError('There is no appointment for this key.');
    return appointments;
  }

  async function listing(appointments: AppointmentOfKey[]): Promise<AppointmentConsentForm[]> {
    const forms = await store.listForms();
    // Every appointment's signatures: a patient keeps seeing what they signed once the
    // appointment is COMPLETED or CANCELED; only active ones list forms still to sign.
    const signatures = await store.listSignatures(
      appointments.map((appointment) => appointment.id),
    );
    const versions = await store.findVersions(
      signatures.map(({ consentFormId, version }) => ({ consentFormId, version })),
    );
    const versionOf = (signature: SignatureRow) =>
      versions.find(
        (row) => row.consentFormId === signature.consentFormId && row.version === signature.version,
      );
    const entries: AppointmentConsentForm[] = [];
    for (const appointment of appointments) {
      const signed = signatures.filter((row) => row.appointmentId === appointment.id);
      const signedFor = (formId: string) => signed.find((row) => row.consentFormId === formId);
      // A form that was signed stays listed even when it is no longer needed (config changed).
      const listed = forms.filter(
        (form) => (isActive(appointment) && needs(form, appointment)) || signedFor(form.id),
      );
      for (const form of listed) {
        const signature = signedFor(form.id);
        const version = signature ? versionOf(signature) : undefined;
        entries.push({
          appointmentId: appointment.id,
          examName: appointment.exam.name,
          consentFormId: form.id,
          slug: form.slug,
          version: signature ? signature.version : form.version,
          title: version ? version.title : form.title,
          definition: version ? version.survey : form.survey,
          status: signature ? 'SIGNED' : 'TO_SIGN',
          signature: signature
            ? {
                signedAt: signature.signedAt.toISOString(),
                answers: signature.answers,
                signerName: signature.signerName,
                verified: verifies(signature, version),
              }
            : null,
        });
      }
    }
    return entries;
  }

  function checkAnswers(survey: Record<string, unknown>, answers: Record<string, unknown>) {
    try {
      return checkAnswerSet(survey as SurveyConfig, JSON.stringify(answers));
    } catch (error) {
      if (error instanceof InvalidAnswerSet) {
        deps.onRefused?.(error.message);
        throw new InvalidConsentAnswersError();
      }
      throw error;
    }
  }

  return {
    async list(bookingKey: string): Promise<ConsentFormsResponse> {
      return { appointmentConsentForms: await listing(await appointmentsOf(bookingKey)) };
    },

    /**
     * Signs one form of one of the key's appointments: the answers are checked against the
     * exact version the patient read, which must still be the current one. The signature, its
     * audit entry and the patient's notice (notifyPatient) commit together; a second signature
     * of the same form for the same appointment is refused (409), never stored.
     */
    async sign(
      bookingKey: string,
      request: SignConsentFormRequest,
      signer: Signer,
    ): Promise<SignConsentFormResponse> {
      const now = clock.now();
      const appointments = await appointmentsOf(bookingKey);
      const appointment = appointments.find((row) => row.id === request.appointmentId);
      if (!appointment) throw new UnknownConsentFormError();
      if (!isActive(appointment)) throw new ConsentAppointmentNotActiveError();
      const form = (await store.listForms()).find((row) => row.id === request.consentFormId);
      if (!form || !needs(form, appointment)) throw new UnknownConsentFormError();
      const already = await store.listSignatures([appointment.id]);
      if (already.some((row) => row.consentFormId === form.id)) {
        throw new ConsentFormAlreadySignedError();
      }
      if (request.version !== form.version) throw new ConsentFormVersionChangedError();
      const answers = checkAnswers(form.survey, request.answers);
      const typedName = form.signerNameQuestion ? answers[form.signerNameQuestion] : undefined;
      const signerName = typeof typedName === 'string' ? typedName.trim() : null;
      const content = {
        consentFormId: form.id,
        version: form.version,
        definitionHash: form.definitionHash,
        answers,
        appointmentId: appointment.id,
        signedAt: now,
      };
      const notifyPatient = await store.transaction(async (tx) => {
        const patient = await tx.appointmentPatient(appointment.id);
        if (!patient) throw new UnknownConsentFormError();
        const hash = signatureHash(content);
        const signatureId = await tx.insertSignature({
          ...content,
          bookingKey,
          patientId: patient.patientId,
          signerName,
          authenticationType: signer.authenticationType,
          otpVerified: signer.otpVerified,
          sessionId: signer.sessionId,
          clientAddress: signer.clientAddress,
          userAgent: signer.userAgent,
          signatureHash: hash,
        });
        // Signed in between by a second request of the same patient: the first one stands.
        if (!signatureId) throw new ConsentFormAlreadySignedError();
        const notify = form.notifyPatient && patient.email.length > 0;
        if (notify) {
          await tx.queueMessages(
            [
              // The sign request names no language (a kiosk's screen may be in another): the
              // one the patient booked in, else the provider's (decision 035).
              signedNotice((await tx.patientLocale(patient.patientId)) ?? deps.defaultLocale, {
                to: patient.email,
                formTitle: form.title,
                examName: appointment.exam.name,
                signedAt: now,
                timeZone: appointment.clinic.timeZone,
                reference: hash.slice(0, 16),
                pageUrl: `${deps.publicUrl}/appointments/${bookingKey}`,
                providerName: deps.providerName,
              }),
            ],
            now,
          );
        }
        await tx.insertAuditEvent(
          {
            actor: 'patient',
            action: 'consent-form.signed',
            subjectType: 'consent_form_signature',
            subjectId: signatureId,
            clientAddress: signer.clientAddress,
            requestId: signer.requestId,
            // Ids, flags and the hash: never the answers or the typed name.
            details: {
              appointmentId: appointment.id,
              consentFormId: form.id,
              version: form.version,
              signatureHash: hash,
              authenticationType: signer.authenticationType,
              otpVerified: signer.otpVerified,
              sessionId: signer.sessionId,
              notifyPatient: notify,
            },
          },
          now,
        );
        return notify;
      });
      return { appointmentConsentForms: await listing(appointments), notifyPatient };
    },
  };
}

export type ConsentFormsService = ReturnType<typeof createConsentFormsService>;
