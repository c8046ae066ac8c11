import type { Migration } from 'kysely';
import { migration001 } from './001-foundation.ts';
import { migration002 } from './002-catalogue-availability.ts';
import { migration003 } from './003-booking.ts';
import { migration004 } from './004-availability-version.ts';
import { migration005 } from './005-access.ts';
import { migration006 } from './006-questionnaires.ts';
import { migration007 } from './007-booking-maintenance.ts';
import { migration008 } from './008-booking-key-lookup.ts';
import { migration009 } from './009-booking-change-counts.ts';
import { migration010 } from './010-access-assurance.ts';
import { migration011 } from './011-authentication-tables.ts';
import { migration012 } from './012-manage-appointments.ts';
import { migration013 } from './013-exam-preparation-steps.ts';
import { migration014 } from './014-appointment-reminders.ts';
import { migration015 } from './015-attachments.ts';
import { migration016 } from './016-provider-api-keys.ts';
import { migration017 } from './017-results-and-sharing.ts';
import { migration018 } from './018-consent-forms.ts';
import { migration019 } from './019-patient-change-requests.ts';
import { migration020 } from './020-check-ins.ts';
import { migration021 } from './021-referrers.ts';
import { migration022 } from './022-kiosk-devices.ts';
import { migration023 } from './023-patient-change-expiry.ts';
import { migration024 } from './024-outbox-qr-codes.ts';
import { migration025 } from './025-result-accession-numbers.ts';
import { migration026 } from './026-staff-sessions.ts';
import { migration027 } from './027-patient-locale.ts';
import { migration028 } from './028-report-quality-feedback.ts';
import { migration029 } from './029-patient-locale-optional.ts';
import { migration030 } from './030-booking-request-type.ts';
import { migration031 } from './031-staff-session-roles.ts';
import { migration032 } from './032-call-centre-requests.ts';

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-foundation': migration001,
  '002-catalogue-availability': migration002,
  '003-booking': migration003,
  '004-availability-version': migration004,
  '005-access': migration005,
  '006-questionnaires': migration006,
  '007-booking-maintenance': migration007,
  '008-booking-key-lookup': migration008,
  '009-booking-change-counts': migration009,
  '010-access-assurance': migration010,
  '011-authentication-tables': migration011,
  '012-manage-appointments': migration012,
  '013-exam-preparation-steps': migration013,
  '014-appointment-reminders': migration014,
  '015-attachments': migration015,
  '016-provider-api-keys': migration016,
  '017-results-and-sharing': migration017,
  '018-consent-forms': migration018,
  '019-patient-change-requests': migration019,
  '020-check-ins': migration020,
  '021-referrers': migration021,
  '022-kiosk-devices': migration022,
  '023-patient-change-expiry': migration023,
  '024-outbox-qr-codes': migration024,
  '025-result-accession-numbers': migration025,
  '026-staff-sessions': migration026,
  '027-patient-locale': migration027,
  '028-report-quality-feedback': migration028,
  '029-patient-locale-optional': migration029,
  '030-booking-request-type': migration030,
  '031-staff-session-roles': migration031,
  '032-call-centre-requests': migration032,
};
