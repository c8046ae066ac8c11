import type { TimeOfDay } from '@portal/contract';

/**
 * The booking flow keeps its state in the URL (docs/product/README.md#web-app-conventions), so
 * reload and share work: procedureTab, examSlugs and groupName on the home page; clinic, date,
 * view, timeOfDay, exam and slots while choosing a time; step for the form and the summary.
 */
export type ProcedureTab = 'single' | 'multiple';
export type CalendarView = 'WEEK' | 'MONTH';

export const timeOfDayOrder: readonly TimeOfDay[] = ['MORNING', 'AFTERNOON', 'EVENING'];

export function procedureTabOf(params: URLSearchParams): ProcedureTab {
  return params.get('procedureTab') === 'multiple' ? 'multiple' : 'single';
}

export function listParam(params: URLSearchParams, name: string): string[] {
  return (params.get(name) ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

function setList(params: URLSearchParams, name: string, values: readonly string[]): void {
  if (values.length) params.set(name, values.join(','));
  else params.delete(name);
}

/**
 * Changing the procedure tab resets groupName (docs/product/booking.md#query-parameters) and the
 * exams chosen under the old tab.
 */
export function withProcedureTab(params: URLSearchParams, tab: ProcedureTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('procedureTab', tab);
  next.delete('groupName');
  next.delete('examSlugs');
  return next;
}

/**
 * The group of exams booked together. A predefined exam group keeps its own slug; any other
 * selection is named by its exams, so the same selection always has the same name.
 */
export function groupNameFor(
  examSlugs: readonly string[],
  groups: readonly { slug: string; examSlugs: string[] }[] = [],
): string | null {
  if (!examSlugs.length) return null;
  const sorted = [...examSlugs].sort().join(',');
  const group = groups.find((candidate) => [...candidate.examSlugs].sort().join(',') === sorted);
  return group ? group.slug : [...examSlugs].sort().join('+');
}

/** Selecting exams updates examSlugs and groupName (docs/product/booking.md#query-parameters). */
export function withExams(
  params: URLSearchParams,
  examSlugs: readonly string[],
  groups: readonly { slug: string; examSlugs: string[] }[] = [],
): URLSearchParams {
  const next = new URLSearchParams(params);
  setList(next, 'examSlugs', examSlugs);
  const groupName = groupNameFor(examSlugs, groups);
  if (groupName) next.set('groupName', groupName);
  else next.delete('groupName');
  return next;
}

export function timeOfDayOf(params: URLSearchParams): TimeOfDay[] {
  const values = listParam(params, 'timeOfDay');
  return timeOfDayOrder.filter((value) => values.includes(value));
}

/**
 * Selecting a time of day toggles it in the comma list (docs/product/booking.md#query-parameters).
 */
export function withTimeOfDayToggled(params: URLSearchParams, value: TimeOfDay): URLSearchParams {
  const current = timeOfDayOf(params);
  const toggled = current.includes(value)
    ? current.filter((entry) => entry !== value)
    : timeOfDayOrder.filter((entry) => entry === value || current.includes(entry));
  const next = new URLSearchParams(params);
  setList(next, 'timeOfDay', toggled);
  return next;
}

export function calendarViewOf(params: URLSearchParams): CalendarView {
  return params.get('view') === 'MONTH' ? 'MONTH' : 'WEEK';
}

/** The toggle: WEEK (default) gives MONTH, MONTH gives WEEK. */
export function withCalendarViewToggled(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  if (calendarViewOf(params) === 'WEEK') next.set('view', 'MONTH');
  else next.delete('view');
  return next;
}

/**
 * What was chosen for one exam: a slot, or no time at all, the exam going as a booking request
 * with no preferred time (docs/product/booking.md#query-parameters). A slot may still go as a
 * booking request (an enquiry slot, or a request-only exam): that is the session's to say
 * (`isPreferredWindow` in booking-session.ts), as no hold is taken for it.
 */
export type SlotChoice = { kind: 'slot'; start: string } | { kind: 'bookingRequest' };

export const bookingRequestChoice: SlotChoice = { kind: 'bookingRequest' };

export const isBookingRequestChoice = (choice: SlotChoice | undefined): boolean =>
  choice?.kind === 'bookingRequest';

/** The chosen slot's start; none when nothing is chosen or the exam goes as a booking request. */
export const chosenStartOf = (choice: SlotChoice | undefined): string | undefined =>
  choice?.kind === 'slot' ? choice.start : undefined;

/** A booking request with no preferred time, in the URL: `examSlug@request`. */
const bookingRequestInUrl = 'request';

/** The choice per exam, `examSlug@start` (or `examSlug@request`) entries in `slots`. */
export type ChosenSlots = Record<string, SlotChoice>;

export function chosenSlotsOf(params: URLSearchParams): ChosenSlots {
  const chosen: ChosenSlots = {};
  for (const entry of listParam(params, 'slots')) {
    const at = entry.indexOf('@');
    const value = entry.slice(at + 1);
    if (at <= 0 || !value) continue;
    chosen[entry.slice(0, at)] =
      value === bookingRequestInUrl ? bookingRequestChoice : { kind: 'slot', start: value };
  }
  return chosen;
}

export function withChosenSlot(
  params: URLSearchParams,
  examSlug: string,
  choice: SlotChoice | null,
): URLSearchParams {
  const chosen = chosenSlotsOf(params);
  if (choice) chosen[examSlug] = choice;
  else delete chosen[examSlug];
  const next = new URLSearchParams(params);
  setList(
    next,
    'slots',
    Object.entries(chosen).map(
      ([slug, value]) =>
        `${slug}@${value.kind === 'bookingRequest' ? bookingRequestInUrl : value.start}`,
    ),
  );
  return next;
}

/** After a failed selection the time parameters are cleared (docs/product/booking.md#errors). */
export function withoutTimeParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('slots');
  next.delete('step');
  return next;
}

/**
 * A questionnaire outcome changed an exam (docs/product/questionnaires.md#outcomes): the new exam
 * takes the old one's place in the selection; a time chosen for the old exam no longer applies.
 */
export function withExamChanged(
  params: URLSearchParams,
  change: { oldSlug: string; newSlug: string },
): URLSearchParams {
  const examSlugs = listParam(params, 'examSlugs');
  const replaced = examSlugs.includes(change.oldSlug)
    ? examSlugs.map((slug) => (slug === change.oldSlug ? change.newSlug : slug))
    : [...examSlugs, change.newSlug];
  const next = withChosenSlot(withExams(params, [...new Set(replaced)]), change.oldSlug, null);
  if (next.get('exam') === change.oldSlug) next.set('exam', change.newSlug);
  next.delete('step');
  return next;
}
