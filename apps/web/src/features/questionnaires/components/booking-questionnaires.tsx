import type {
  ChangedExamSlug,
  Questionnaire,
  QuestionnaireType,
  SaveTemporaryAnswerResponse,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { pushBookingEvent } from '../../../lib/analytics.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import {
  changeExamFromOutcome,
  fetchBookingQuestionnaires,
  saveTemporaryAnswer,
} from '../api/questionnaires-api.ts';
import {
  bookingFormNavigationDelayMs,
  bookingScreeningTypes,
  denyTarget,
  staffScreeningTypes,
  unansweredOf,
} from '../model/questionnaire-rules.ts';

// The modal (and SurveyJS behind it) loads only when there is something to ask, so the
// clinic and slot screens, and the entry that routes to them, stay small.
const QuestionnaireModal = lazy(async () => ({
  default: (await import('./questionnaire-modal.tsx')).QuestionnaireModal,
}));

export interface BookingQuestionnairesProps {
  /** The booking flow's reserved key; nothing is asked until there is one. */
  bookingKey: string | null;
  examSlugs: readonly string[];
  /** An answer changed an exam: the flow puts the new one in the URL and reloads. */
  onExamChange: (changed: ChangedExamSlug) => void;
  /** The patient closed a questionnaire without answering: back to the exam choice. */
  onClose: () => void;
  /** Told whether a questionnaire is showing, so the screen can hold back its own modals. */
  onAskingChange?: ((asking: boolean) => void) | undefined;
  /** Which types this screen asks: the screening ones by default, BOOKING_FORM on the form. */
  types?: ReadonlySet<QuestionnaireType> | undefined;
}

/**
 * The booking flow's questionnaires (docs/product/questionnaires.md#where-they-are-asked): asked
 * for the chosen exams before a time is booked, one at a time. The server evaluates each answer;
 * this acts on what it says: a denied booking leaves for the outcome's URL or /deny, a changed exam
 * goes back to the flow (which reloads clinics and slots), and the last answer is a funnel event.
 */
export function BookingQuestionnaires({
  bookingKey,
  examSlugs,
  onExamChange,
  onClose,
  onAskingChange,
  types = bookingScreeningTypes,
}: BookingQuestionnairesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = usePreservedLink();
  const queryClient = useQueryClient();
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const lastSave = useRef<SaveTemporaryAnswerResponse | null>(null);
  const reported = useRef(false);
  const slugs = examSlugs.join(',');
  // Staff and referrers booking for a patient carry staffBooking=true in the URL.
  const [params] = useSearchParams();
  const staffBooking = params.get('staffBooking') === 'true';
  const askedTypes = staffBooking && types === bookingScreeningTypes ? staffScreeningTypes : types;

  const list = useQuery({
    queryKey: ['questionnaires', 'booking', bookingKey, slugs, staffBooking],
    queryFn: ({ signal }) =>
      fetchBookingQuestionnaires(bookingKey ?? '', examSlugs, null, signal, staffBooking),
    enabled: Boolean(bookingKey) && examSlugs.length > 0,
  });
  const asked = list.data
    ? unansweredOf(list.data).filter((questionnaire) => askedTypes.has(questionnaire.type))
    : [];
  const queue = asked.filter((questionnaire) => !answered.has(questionnaire.id));
  const current = queue[0] ?? null;
  // The list is fetched again after each answer (answered ones drop out), so count from here.
  const position = { index: answered.size + 1, total: answered.size + queue.length };

  const submit = async (questionnaire: Questionnaire, result: string) => {
    if (!bookingKey) throw new Error(t('message.error_answering_questionnaire'));
    try {
      lastSave.current = await saveTemporaryAnswer(bookingKey, {
        questionnaireId: questionnaire.id,
        questionnaireResult: result,
        examSlugs,
        ...(staffBooking ? { staffBooking: true as const } : {}),
      });
    } catch {
      throw new Error(t('message.error_answering_questionnaire'));
    }
  };

  const saved = async (questionnaire: Questionnaire) => {
    const response = lastSave.current;
    // docs/product/questionnaires.md#constants: after a booking-form questionnaire the flow goes on
    // 100 ms later.
    if (questionnaire.type === 'BOOKING_FORM')
      await new Promise((resolve) => setTimeout(resolve, bookingFormNavigationDelayMs));
    setAnswered((previous) => new Set(previous).add(questionnaire.id));
    // The next screen asks the server again what is left, and what it decided.
    void queryClient.invalidateQueries({ queryKey: ['questionnaires', 'booking'] });
    void queryClient.invalidateQueries({ queryKey: ['questionnaires', 'outcome'] });
    if (!response) return;
    const { outcome } = response;
    if (outcome.denyBooking) {
      reported.current = true;
      const target = denyTarget(outcome, t);
      if (target.kind === 'external') window.location.assign(target.url);
      else navigate(link(target.path), { replace: true });
      return;
    }
    const changed = response.changedExamSlug ?? (await examChange(questionnaire));
    if (changed) {
      onExamChange(changed);
      return;
    }
  };

  // The funnel's step 3.1 once the last questionnaire is answered (also after an exam change).
  const finished = list.isSuccess && answered.size > 0 && current === null;
  // Funnel step 3.1 is the screening; the booking form's questions are part of step 4.
  const reportsFunnel = types === bookingScreeningTypes;
  useEffect(() => {
    if (!finished || reported.current || !reportsFunnel) return;
    reported.current = true;
    pushBookingEvent('questionnaire_completed', {
      examSlugs: slugs.split(','),
      count: answered.size,
    });
  }, [finished, slugs, answered.size, reportsFunnel]);

  // An outcome naming a new exam that the server did not already record: ask it to.
  const examChange = async (questionnaire: Questionnaire): Promise<ChangedExamSlug | null> => {
    const newSlug = lastSave.current?.outcome.newExamSlug;
    if (!bookingKey || !newSlug || examSlugs.includes(newSlug)) return null;
    const oldSlug =
      examSlugs.find((slug) => questionnaire.examSlugs.includes(slug)) ?? examSlugs[0];
    if (!oldSlug) return null;
    return changeExamFromOutcome(bookingKey, { oldSlug, newSlug }).catch(() => null);
  };

  const asking = current !== null;
  useEffect(() => {
    onAskingChange?.(asking);
  }, [asking, onAskingChange]);

  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <QuestionnaireModal
        questionnaire={current}
        position={position}
        onSubmit={(result) => submit(current, result)}
        onSaved={() => void saved(current)}
        onClose={onClose}
      />
    </Suspense>
  );
}
