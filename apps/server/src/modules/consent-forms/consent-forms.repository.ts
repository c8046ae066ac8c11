import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A form with its current version (what an unsigned form shows). */
export interface FormRow {
  id: string;
  slug: string;
  version: number;
  sortOrder: number;
  active: boolean;
  general: boolean;
  examSlugs: string[];
  modalitySlugs: string[];
  notifyPatient: boolean;
  title: string;
  signerNameQuestion: string | null;
  survey: Record<string, unknown>;
  definitionHash: string;
}

export interface VersionRow {
  consentFormId: string;
  slug: string;
  version: number;
  title: string;
  signerNameQuestion: string | null;
  survey: Record<string, unknown>;
  definitionHash: string;
}

/** Never logged: answers and signerName are patient data. */
export interface SignatureRow {
  id: string;
  appointmentId: string;
  consentFormId: string;
  version: number;
  definitionHash: string;
  answers: Record<string, unknown>;
  signerName: string | null;
  signedAt: Date;
  signatureHash: string;
}

export interface NewSignature {
  bookingKey: string;
  appointmentId: string;
  patientId: string;
  consentFormId: string;
  version: number;
  definitionHash: string;
  answers: Record<string, unknown>;
  signerName: string | null;
  authenticationType: string;
  otpVerified: boolean;
  sessionId: string;
  clientAddress: string | null;
  userAgent: string | null;
  signedAt: Date;
  signatureHash: string;
}

export interface FormSettings {
  slug: string;
  sortOrder: number;
  general: boolean;
  examSlugs: string[];
  modalitySlugs: string[];
  notifyPatient: boolean;
}

export interface NewVersion {
  title: string;
  signerNameQuestion: string | null;
  survey: Record<string, unknown>;
  definitionHash: string;
}

/** Every form (active or not) with its current version. */
export async function listForms(db: Db): Promise<FormRow[]> {
  const rows = await db
    .selectFrom('consent_forms as f')
    .innerJoin('consent_form_versions as v', (join) =>
      join.onRef('v.consent_form_id', '=', 'f.id').onRef('v.version', '=', 'f.current_version'),
    )
    .select([
      'f.id',
      'f.slug',
      'f.current_version as version',
      'f.sort_order as sortOrder',
      'f.active',
      'f.general',
      'f.exam_slugs as examSlugs',
      'f.modality_slugs as modalitySlugs',
      'f.notify_patient as notifyPatient',
      'v.title',
      'v.signer_name_question as signerNameQuestion',
      'v.survey',
      'v.definition_hash as definitionHash',
    ])
    .orderBy('f.sort_order')
    .orderBy('f.slug')
    .execute();
  return rows;
}

/** The versions signatures name (whatever the form's current version is now). */
export async function findVersions(
  db: Db,
  keys: ReadonlyArray<{ consentFormId: string; version: number }>,
): Promise<VersionRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('consent_form_versions as v')
    .innerJoin('consent_forms as f', 'f.id', 'v.consent_form_id')
    .select([
      'v.consent_form_id as consentFormId',
      'f.slug',
      'v.version',
      'v.title',
      'v.signer_name_question as signerNameQuestion',
      'v.survey',
      'v.definition_hash as definitionHash',
    ])
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and([
            eb('v.consent_form_id', '=', key.consentFormId),
            eb('v.version', '=', key.version),
          ]),
        ),
      ),
    )
    .execute();
}

export async function listSignatures(
  db: Db,
  appointmentIds: readonly string[],
): Promise<SignatureRow[]> {
  if (appointmentIds.length === 0) return [];
  return db
    .selectFrom('consent_form_signatures')
    .select([
      'id',
      'appointment_id as appointmentId',
      'consent_form_id as consentFormId',
      'consent_form_version as version',
      'definition_hash as definitionHash',
      'answers',
      'signer_name as signerName',
      'signed_at as signedAt',
      'signature_hash as signatureHash',
    ])
    .where('appointment_id', 'in', appointmentIds)
    .orderBy('signed_at')
    .execute();
}

/** The signature's id, or undefined when the appointment's form was already signed. */
export async function insertSignature(db: Db, input: NewSignature): Promise<string | undefined> {
  const row = await db
    .insertInto('consent_form_signatures')
    .values({
      booking_key: input.bookingKey,
      appointment_id: input.appointmentId,
      patient_id: input.patientId,
      consent_form_id: input.consentFormId,
      consent_form_version: input.version,
      definition_hash: input.definitionHash,
      answers: JSON.stringify(input.answers),
      signer_name: input.signerName,
      authentication_type: input.authenticationType,
      otp_verified: input.otpVerified,
      session_id: input.sessionId,
      client_address: input.clientAddress,
      user_agent: input.userAgent,
      signed_at: input.signedAt,
      signature_hash: input.signatureHash,
    })
    .onConflict((conflict) => conflict.columns(['appointment_id', 'consent_form_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The patient an appointment belongs to, with the address a signing notice goes to. */
export async function appointmentPatient(
  db: Db,
  appointmentId: string,
): Promise<{ patientId: string; email: string } | undefined> {
  return db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select(['patients.id as patientId', 'patients.email'])
    .where('appointments.id', '=', appointmentId)
    .executeTakeFirst();
}

/** Serialises the start-up sync between instances (inside a transaction). */
export async function lockForms(db: Db): Promise<void> {
  await sql`LOCK TABLE consent_forms IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}

export async function insertForm(
  db: Db,
  settings: FormSettings,
  version: NewVersion,
  now: Date,
): Promise<string> {
  const { id } = await db
    .insertInto('consent_forms')
    .values({
      slug: settings.slug,
      current_version: 1,
      sort_order: settings.sortOrder,
      general: settings.general,
      exam_slugs: settings.examSlugs,
      modality_slugs: settings.modalitySlugs,
      notify_patient: settings.notifyPatient,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertVersion(db, id, 1, version, now);
  return id;
}

export async function insertVersion(
  db: Db,
  consentFormId: string,
  version: number,
  input: NewVersion,
  now: Date,
): Promise<void> {
  await db
    .insertInto('consent_form_versions')
    .values({
      consent_form_id: consentFormId,
      version,
      title: input.title,
      signer_name_question: input.signerNameQuestion,
      survey: JSON.stringify(input.survey),
      definition_hash: input.definitionHash,
      created_at: now,
    })
    .execute();
}

export async function updateForm(
  db: Db,
  id: string,
  set: Omit<FormSettings, 'slug'> & { currentVersion: number; active: boolean },
  now: Date,
): Promise<void> {
  await db
    .updateTable('consent_forms')
    .set({
      current_version: set.currentVersion,
      sort_order: set.sortOrder,
      active: set.active,
      general: set.general,
      exam_slugs: set.examSlugs,
      modality_slugs: set.modalitySlugs,
      notify_patient: set.notifyPatient,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}
