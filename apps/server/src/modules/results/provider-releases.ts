import type {
  ResultReleaseRequest,
  ResultReleaseResponse,
  SupportedLocale,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { RequestContext } from '../audit/index.ts';
import { ResultNotReleasableError } from './results.errors.ts';
import { resultsAudit } from './results.service.ts';
import type { ResultsStore } from './results-store.ts';
import { resultReadyMessage } from './share-messages.ts';

/**
 * The provider releases a report through /api/integration (docs/product/results-and-sharing.md):
 * only for a COMPLETED appointment of the key; released again, the report is replaced. The
 * first release tells the patient where to read it (a replacement does not: one e-mail a result).
 */
export function createProviderResultReleases(deps: {
  store: Pick<
    ResultsStore,
    'resultOfAppointment' | 'patientOfKey' | 'patientLocale' | 'transaction'
  >;
  clock: Clock;
  providerName: string;
  /** PUBLIC_URL: the results page the patient's e-mail links to. */
  publicUrl: string;
  /** The provider's default locale (jsLocale): when the patient's is unknown. */
  defaultLocale: SupportedLocale;
}) {
  const { store, clock } = deps;
  return {
    async release(
      bookingKey: string,
      appointmentId: string,
      request: ResultReleaseRequest,
      caller: { actor: string; context: RequestContext },
    ): Promise<ResultReleaseResponse> {
      const appointment = await store.resultOfAppointment(bookingKey, appointmentId);
      if (!appointment) throw new NotFoundError('There is no such appointment under this key.');
      if (appointment.status !== 'COMPLETED') {
        throw new ResultNotReleasableError('A result is released for a completed appointment.');
      }
      const now = clock.now();
      const firstRelease = appointment.releasedAt === null;
      await store.transaction(async (tx) => {
        const patient = firstRelease ? await tx.patientOfKey(bookingKey) : undefined;
        if (patient) {
          const link = `${deps.publicUrl}/appointments/${encodeURIComponent(bookingKey)}/result`;
          await tx.enqueueMessages(
            [
              // No patient at a screen: the language they booked in (decision 035).
              resultReadyMessage((await tx.patientLocale(patient.id)) ?? deps.defaultLocale, {
                recipient: patient.email,
                providerName: deps.providerName,
                firstName: patient.firstName,
                examName: appointment.examName,
                link,
              }),
            ],
            now,
          );
        }
        await tx.upsertResult({
          appointmentId,
          title: request.reportTitle,
          text: request.reportText,
          accessionNumber: request.accessionNumber,
          at: now,
          by: caller.actor,
        });
        await resultsAudit(tx, clock)(
          {
            clientAddress: caller.context.clientAddress ?? 'unknown',
            requestId: caller.context.requestId ?? '',
          },
          'results.released',
          bookingKey,
          {
            appointmentId,
            replaced: !firstRelease,
            patientNotified: patient !== undefined,
            length: request.reportText.length,
          },
          caller.actor,
        );
      });
      return { appointmentId, releasedAt: now.toISOString() };
    },
  };
}

export type ProviderResultReleases = ReturnType<typeof createProviderResultReleases>;
