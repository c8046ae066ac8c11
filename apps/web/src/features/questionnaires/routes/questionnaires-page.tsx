import type { Questionnaire, QuestionnairesResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { apiGet, isApiError } from '../../../lib/api-client.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import {
  fetchBookingQuestionnaires,
  fetchSecuredQuestionnaires,
  type SecuredTarget,
  saveSecuredAnswer,
  saveTemporaryAnswer,
} from '../api/questionnaires-api.ts';
import { QuestionnaireModal } from '../components/questionnaire-modal.tsx';
import {
  authenticationPath,
  backAddressOf,
  questionnairePageParams,
} from '../model/page-params.ts';
import {
  denyPath,
  denyTarget,
  type FinishAction,
  finishAction,
  safeRedirect,
  saveErrorKeyOf,
  unansweredOf,
} from '../model/questionnaire-rules.ts';
import styles from './questionnaires-page.module.css';

/**
 * /questionnaires (alias /q, and under iframe/): the questionnaires named by the query, one at
 * a time. Reached from links in messages, so it bypasses the route guard: a 401 from a
 * secured call sends the patient through authentication and back here.
 */
export function QuestionnairesPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const link = usePreservedLink();
  const page = questionnairePageParams(search);
  const bookingFlow = page.examSlugs.length > 0;
  const target: SecuredTarget | null = page.bookingKey
    ? { kind: page.bookingRequest ? 'booking-request' : 'appointment', bookingKey: page.bookingKey }
    : null;
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const [finished, setFinished] = useState<FinishAction | null>(null);
  const lastType = useRef<Questionnaire['type'] | null>(null);
  const redirectUrl = safeRedirect(page.redirectUrl);

  const list = useQuery({
    queryKey: ['questionnaires', 'page', search.toString()],
    queryFn: ({ signal }): Promise<QuestionnairesResponse> =>
      bookingFlow
        ? fetchBookingQuestionnaires(
            page.bookingKey ?? '',
            page.examSlugs,
            page.changedExamSlug,
            signal,
          )
        : fetchSecuredQuestionnaires(
            target as SecuredTarget,
            { appointmentId: page.appointmentId, type: page.type },
            signal,
          ),
    enabled: target !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const toAuthentication = () =>
    navigate(link(authenticationPath(page, `${location.pathname}${location.search}`)), {
      replace: true,
    });

  const unauthenticated = isApiError(list.error) && list.error.status === 401;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per 401, not per render.
  useEffect(() => {
    if (unauthenticated) toAuthentication();
  }, [unauthenticated]);

  const queue = (list.data ? unansweredOf(list.data) : [])
    .filter((questionnaire) => !page.type || questionnaire.type === page.type)
    .filter((questionnaire) => !answered.has(questionnaire.id));
  const total = queue.length + answered.size;
  const current = finished ? null : (queue[0] ?? null);

  // Nothing (left) to answer: decide once where to go
  // (docs/product/questionnaires.md#the-questionnaires-page).
  const done = list.isSuccess && current === null && finished === null;
  useEffect(() => {
    if (!done) return;
    setFinished(
      finishAction({
        lastType: lastType.current,
        redirectUrl: page.redirectUrl,
        changedExamSlug: page.changedExamSlug,
        answeredAny: answered.size > 0,
      }),
    );
  }, [done, page.redirectUrl, page.changedExamSlug, answered.size]);

  const leaveTo = finished?.kind === 'navigate' ? finished : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigate once per decision.
  useEffect(() => {
    if (!leaveTo) return;
    const timer = setTimeout(() => navigate(link(leaveTo.to)), leaveTo.delayMs);
    return () => clearTimeout(timer);
  }, [leaveTo]);

  const submit = async (questionnaire: Questionnaire, result: string) => {
    if (!page.bookingKey || !target) throw new Error(t('message.error_answering_questionnaire'));
    try {
      if (bookingFlow) {
        const response = await saveTemporaryAnswer(page.bookingKey, {
          questionnaireId: questionnaire.id,
          questionnaireResult: result,
          examSlugs: page.examSlugs,
        });
        if (response.outcome.denyBooking) {
          const deny = denyTarget(response.outcome, t);
          if (deny.kind === 'external') window.location.assign(deny.url);
          else navigate(link(deny.path), { replace: true });
        }
        return;
      }
      const appointmentId =
        target.kind === 'appointment'
          ? (page.appointmentId ?? (await firstAppointmentId(target)))
          : null;
      await saveSecuredAnswer(target, questionnaire.type, {
        questionnaireId: questionnaire.id,
        questionnaireResult: result,
        appointmentId,
      });
    } catch (error) {
      const key = saveErrorKeyOf(questionnaire.type);
      if (isApiError(error) && error.status === 401) toAuthentication();
      else if (key === 'message.pain_score_problem') {
        // docs/product/questionnaires.md#saving-and-errors: a pain score that cannot be saved is
        // explained on /deny, with a way back.
        const back = redirectUrl ?? backAddressOf(page);
        navigate(link(denyPath({ text: t(key), redirectUrl: back })), { replace: true });
      }
      throw new Error(t(key));
    }
  };

  const close = () => navigate(link(redirectUrl ?? backAddressOf(page)));

  return (
    <Page title={t('page.questionnaires.title')}>
      {!target ? (
        <p className={styles.notice}>{t('questionnaire.missing_booking')}</p>
      ) : list.isError && !unauthenticated ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : finished?.kind === 'message' ? (
        <div className={styles.notice} role="status">
          <p>{t(finished.key)}</p>
          <Link to={link(redirectUrl ?? backAddressOf(page))}>{t('questionnaire.back')}</Link>
        </div>
      ) : current ? null : (
        <Loading />
      )}
      <QuestionnaireModal
        questionnaire={current}
        position={current ? { index: answered.size + 1, total } : undefined}
        onSubmit={(result) => (current ? submit(current, result) : Promise.resolve())}
        onSaved={() => {
          if (!current) return;
          lastType.current = current.type;
          setAnswered((previous) => new Set(previous).add(current.id));
        }}
        onClose={close}
      />
    </Page>
  );
}

/** An appointment answer names one appointment of the group; without one in the link, the first. */
async function firstAppointmentId(target: SecuredTarget): Promise<string | null> {
  const summary = await apiGet<{ appointments: { id: string }[] }>(
    `/api/secured/appointments/${encodeURIComponent(target.bookingKey)}`,
  );
  return summary.appointments[0]?.id ?? null;
}
