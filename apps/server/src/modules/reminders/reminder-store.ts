import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { type NewOutboxMessage, queueOutboxMessages } from '../notifications/index.ts';
import * as repository from './reminders.repository.ts';

/**
 * What the reminder services need from storage, bound to the database or to one open
 * transaction (ARCHITECTURE.md, "Dependencies"): a test can hand them a fake.
 */
export interface ReminderStore {
  transaction<T>(work: (tx: ReminderStore) => Promise<T>): Promise<T>;
  listDueReminders(
    input: Parameters<typeof repository.listDueReminders>[1],
  ): Promise<repository.DueReminder[]>;
  lockBookedAppointment(appointmentId: string): Promise<boolean>;
  claimReminder(input: Parameters<typeof repository.claimReminder>[1]): Promise<boolean>;
  recordReminderMessages(
    input: Parameters<typeof repository.recordReminderMessages>[1],
  ): Promise<void>;
  insertActionLink(link: Parameters<typeof repository.insertActionLink>[1]): Promise<void>;
  findActionLink(tokenHash: string): ReturnType<typeof repository.findActionLink>;
  useActionLink(tokenHash: string, now: Date): Promise<boolean>;
  queueMessages(messages: NewOutboxMessage[], now: Date): Promise<string[]>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createReminderStore(db: Db): ReminderStore {
  return {
    transaction: (work) => storeTransaction(db, createReminderStore, work),
    listDueReminders: (input) => repository.listDueReminders(db, input),
    lockBookedAppointment: (appointmentId) => repository.lockBookedAppointment(db, appointmentId),
    claimReminder: (input) => repository.claimReminder(db, input),
    recordReminderMessages: (input) => repository.recordReminderMessages(db, input),
    insertActionLink: (link) => repository.insertActionLink(db, link),
    findActionLink: (tokenHash) => repository.findActionLink(db, tokenHash),
    useActionLink: (tokenHash, now) => repository.useActionLink(db, tokenHash, now),
    queueMessages: (messages, now) => queueOutboxMessages(db, messages, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
