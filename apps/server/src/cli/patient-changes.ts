import { type IntegrationPatientChange, patientChangeStatuses } from '@portal/contract';
import { systemClock } from '../adapters/clock.ts';
import { loadProviderConfig } from '../config/provider-config.ts';
import { DomainError } from '../domain-error.ts';
import { providerMessageLocale } from '../modules/notifications/index.ts';
import { patientChangeDecisions } from '../modules/patient-changes/index.ts';
import { openCliDatabase } from './cli-database.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run patient-changes -- list [STATUS] | accept <id> | reject <id> [note]`: the provider's
 * decisions on patients' detail change requests from the command line
 * (docs/product/patient-detail-changes.md), the same rules as /api/integration and audited as
 * `operator:cli`. With the embedded database the server must be stopped first (one process may
 * open it); on PostgreSQL it runs any time.
 */
const usage =
  'Usage: npm run patient-changes -- list [PENDING|ACCEPTED|REJECTED|WITHDRAWN] | accept <id> | reject <id> [note]';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cliContext = { clientAddress: null, requestId: null };

const show = (value: string | number | null) => (value === null ? '(none)' : String(value));

function print(request: IntegrationPatientChange) {
  const { patient } = request;
  console.log(
    `${request.id}  ${request.status}  ${request.requestedAt}  ${request.origin}  ${patient.firstName} ${patient.lastName} (${patient.dateOfBirth})`,
  );
  for (const change of request.changes) {
    console.log(`    ${change.field}: ${show(change.oldValue)} -> ${show(change.newValue)}`);
  }
  if (request.decisionNote) console.log(`    note: ${request.decisionNote}`);
}

async function main(args: string[]): Promise<number> {
  const [command, argument, ...rest] = args;
  const status = (argument ?? 'PENDING').toUpperCase();
  const valid =
    (command === 'list' &&
      rest.length === 0 &&
      (patientChangeStatuses as readonly string[]).includes(status)) ||
    (command === 'accept' && argument !== undefined && uuid.test(argument) && rest.length === 0) ||
    (command === 'reject' && argument !== undefined && uuid.test(argument));
  if (!valid) {
    console.error(usage);
    return 2;
  }
  const env = cliEnv();
  if (!env) return 1;
  const provider = loadProviderConfig(env.configDir);
  const handle = await openCliDatabase(
    env,
    'use /api/integration/patient_change_requests with a provider API key',
  );
  if (!handle) return 1;
  try {
    const decisions = patientChangeDecisions({
      db: handle.db,
      clock: systemClock,
      providerName: provider.radiology.name,
      pendingRequestDays: provider.patientDetails.pendingRequestDays,
      defaultLocale: providerMessageLocale(provider.application.jsLocale),
    });
    const decider = { actor: 'operator:cli' };
    if (command === 'list') {
      const requests = await decisions.list(
        decider,
        status as (typeof patientChangeStatuses)[number],
        cliContext,
      );
      if (requests.length === 0) console.log(`No ${status} change requests.`);
      for (const request of requests) print(request);
    } else if (command === 'accept') {
      print(await decisions.accept(decider, argument!, cliContext));
      console.log(
        'Accepted: the patient record now holds the new values; the patient is e-mailed.',
      );
    } else {
      const note = rest.join(' ').trim() || null;
      print(await decisions.reject(decider, argument!, note, cliContext));
      console.log('Rejected: the record is unchanged; the patient is e-mailed.');
    }
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

// `npm run patient-changes -- list` reaches here as positionals (npm keeps no `--` across workspaces).
process.exitCode = await main(process.argv.slice(2));
