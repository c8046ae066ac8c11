import type { BodyPart, Exam } from '@portal/contract';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { pushBookingEvent } from '../../../lib/analytics.ts';
import { useOfferBookingInfo } from '../../../lib/booking-info.tsx';
import { useBodyParts, useExamGroups, useExams, useWalkInExams } from '../api/catalogue-api.ts';
import { BodyFigure } from '../components/body-figure.tsx';
import styles from '../components/booking.module.css';
import { useBookingNavigation, useStaffBooking } from '../hooks/use-booking-navigation.ts';
import {
  listParam,
  type ProcedureTab,
  procedureTabOf,
  withExams,
  withProcedureTab,
} from '../model/booking-params.ts';
import {
  bookingRequestInfoOf,
  showBookingRequestInfo,
  walkInExamNameOf,
  walkInWarning,
} from '../model/booking-rules.ts';
import home from './booking-home-page.module.css';

const initialListSize = 8;

// The modals (react-aria dialogs) load on first use, keeping the home's initial JS small.
const ExamInfoModal = lazy(async () => ({
  default: (await import('../components/home-modals.tsx')).ExamInfoModal,
}));
const WalkInWarningModal = lazy(async () => ({
  default: (await import('../components/home-modals.tsx')).WalkInWarningModal,
}));
const BookingRequestInfoModal = lazy(async () => ({
  default: (await import('../components/home-modals.tsx')).BookingRequestInfoModal,
}));

type Dialog = 'none' | 'walk-in' | 'request-info';

/**
 * The booking home: procedure tab, exam search, body figure and the exam choice
 * (docs/product/booking.md#exam-selection).
 */
export function BookingHomePage() {
  const { t } = useTranslation();
  const staff = useStaffBooking();
  const [params, setParams] = useSearchParams();
  const navigateTo = useBookingNavigation();
  const exams = useExams();
  const groups = useExamGroups();
  const bodyParts = useBodyParts();
  const walkInExams = useWalkInExams();
  // A query's answer re-renders synchronously. Arriving after the first render, the exam list
  // and the body figure it brings are built in a second, interruptible render instead, so the
  // main thread is never blocked for the whole page at once (TBT, the booking home's speed budget
  // in docs/benchmarks.md).
  const examList = useDeferredValue(exams.data);
  const bodyPartList = useDeferredValue(bodyParts.data);
  const examsPending = examList === undefined && !exams.isError;
  const tab = procedureTabOf(params);
  const selectedSlugs = listParam(params, 'examSlugs');
  const [query, setQuery] = useState('');
  const [bodyPart, setBodyPart] = useState<BodyPart | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [infoExam, setInfoExam] = useState<Exam | null>(null);
  const [dialog, setDialog] = useState<Dialog>('none');
  const [choiceError, setChoiceError] = useState(false);
  const searchId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    pushBookingEvent('page_view', { page: 'booking_home' });
  }, []);

  const selected = useMemo(
    () =>
      selectedSlugs
        .map((slug) => examList?.find((exam) => exam.slug === slug))
        .filter((exam): exam is Exam => Boolean(exam)),
    [selectedSlugs, examList],
  );

  const matching = useMemo(() => {
    const text = query.trim().toLowerCase();
    return (examList ?? []).filter(
      (exam) =>
        (!bodyPart ||
          bodyPart.examSlugs.includes(exam.slug) ||
          exam.bodyParts.includes(bodyPart.slug)) &&
        (!text ||
          exam.name.toLowerCase().includes(text) ||
          exam.nameWithModality.toLowerCase().includes(text) ||
          exam.modalityName.toLowerCase().includes(text)),
    );
  }, [examList, query, bodyPart]);
  const filtered = Boolean(query.trim() || bodyPart);
  const shown = filtered || showAll ? matching : matching.slice(0, initialListSize);

  const replaceParams = (next: URLSearchParams) => setParams(next, { replace: true });

  const chooseTab = (next: ProcedureTab) => {
    if (next === tab) return;
    pushBookingEvent('procedure_type', { procedureTab: next });
    replaceParams(withProcedureTab(params, next));
  };

  const toggleExam = (exam: Exam) => {
    setChoiceError(false);
    const isSelected = selectedSlugs.includes(exam.slug);
    const next =
      tab === 'single'
        ? [exam.slug]
        : isSelected
          ? selectedSlugs.filter((slug) => slug !== exam.slug)
          : [...selectedSlugs, exam.slug];
    if (!isSelected)
      pushBookingEvent('scan_type', { examSlug: exam.slug, modality: exam.modalityName });
    replaceParams(withExams(params, next, groups.data ?? []));
  };

  // Stable, so the memoised body figure skips the home's re-renders that do not concern it.
  const chooseBodyPart = useCallback((part: BodyPart | null) => {
    setBodyPart(part);
    if (part) pushBookingEvent('body_part', { bodyPart: part.slug });
  }, []);

  const info = bookingRequestInfoOf(selected, walkInExams.data ?? []);

  // The params the flow continues with (the walk-in rule may change the tab).
  const [continueParams, setContinueParams] = useState<URLSearchParams | null>(null);

  const goToClinics = (next: URLSearchParams = continueParams ?? params) => {
    setDialog('none');
    pushBookingEvent('search_availability', { examSlugs: selectedSlugs });
    navigateTo('select-clinic', next);
  };

  const afterWalkIn = (next: URLSearchParams) => {
    if (showBookingRequestInfo(info)) {
      setContinueParams(next);
      setDialog('request-info');
    } else goToClinics(next);
  };

  const onContinue = () => {
    if (!selected.length) {
      setChoiceError(true);
      listRef.current?.querySelector('input')?.focus();
      return;
    }
    const warning = walkInWarning(selected, walkInExams.data ?? []);
    if (warning.show) {
      setDialog('walk-in');
      return;
    }
    afterWalkIn(params);
  };

  // The header's Booking info button, shown while no exam is chosen
  // (docs/product/booking.md#exam-selection).
  useOfferBookingInfo(selected.length > 0, () => {
    setContinueParams(null);
    setDialog('request-info');
  });

  // From the header there is no exam yet: Proceed asks for one, as Continue does.
  const proceedFromInfo = () => {
    if (selected.length) goToClinics();
    else {
      setDialog('none');
      onContinue();
    }
  };

  const continueAfterWarning = () => {
    const warning = walkInWarning(selected, walkInExams.data ?? []);
    const next = new URLSearchParams(params);
    if (warning.show) next.set('procedureTab', warning.tab);
    afterWalkIn(next);
  };

  return (
    <Page
      title={t(staff ? 'booking.home.title_staff' : 'booking.home.title')}
      lead={t(staff ? 'booking.home.lead_staff' : 'booking.home.lead')}
    >
      {exams.isError ? <LoadError onRetry={() => exams.refetch()} /> : null}
      <FieldGroup legend={t('booking.home.procedure_tab')} legendClassName={styles.legend}>
        <div className={styles.segmented}>
          {(['single', 'multiple'] as const).map((value) => (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name="procedureTab"
                value={value}
                checked={tab === value}
                onChange={() => chooseTab(value)}
              />
              {t(`booking.home.tab_${value}`)}
            </label>
          ))}
        </div>
      </FieldGroup>

      <div className={home.layout}>
        <div className={home.exams}>
          <Field
            id={searchId}
            label={t('booking.home.search_label')}
            hint={t('booking.home.search_hint')}
          >
            {(control) => (
              <input
                {...control}
                type="search"
                autoComplete="off"
                aria-controls={`${searchId}-list`}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            )}
          </Field>
          {bodyPart ? (
            <p className={home.filter}>
              {t('booking.home.body_part_filter', { name: bodyPart.name })}{' '}
              <button type="button" className={styles.linkButton} onClick={() => setBodyPart(null)}>
                {t('booking.home.clear_body_part')}
              </button>
            </p>
          ) : null}

          <FieldGroup
            ref={listRef}
            id={`${searchId}-list`}
            legend={t(tab === 'single' ? 'booking.home.choose_exam' : 'booking.home.choose_exams')}
            legendClassName={styles.legend}
            error={choiceError ? t('booking.home.choose_exam_error') : null}
            // Shown when Continue is pressed with nothing chosen: no error summary says it.
            announceError
          >
            <p className={home.count} aria-live="polite">
              {examsPending
                ? t('message.loading')
                : t('booking.home.results', { count: matching.length })}
            </p>
            {examsPending ? (
              <Loading />
            ) : (
              <ul className={styles.examList}>
                {shown.map((exam) => (
                  <li key={exam.slug} className={styles.examRow}>
                    <label className={styles.option}>
                      <input
                        type={tab === 'single' ? 'radio' : 'checkbox'}
                        name="exam"
                        value={exam.slug}
                        checked={selectedSlugs.includes(exam.slug)}
                        onChange={() => toggleExam(exam)}
                      />
                      <span>
                        <span className={styles.examName}>{exam.name}</span>
                        <span className={styles.examMeta}>
                          {exam.modalityName}
                          {exam.bookingRequestOnly ? ` · ${t('booking.home.request_only')}` : ''}
                          {exam.walkIn ? ` · ${t('booking.home.walk_in')}` : ''}
                        </span>
                      </span>
                    </label>
                    <button
                      type="button"
                      className={styles.secondaryButton}
                      aria-label={t('booking.home.exam_info', { name: exam.name })}
                      onClick={() => setInfoExam(exam)}
                    >
                      <span aria-hidden="true">i</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {!filtered && !showAll && matching.length > initialListSize ? (
              <button type="button" className={styles.linkButton} onClick={() => setShowAll(true)}>
                {t('booking.home.show_all', { count: matching.length })}
              </button>
            ) : null}
          </FieldGroup>
        </div>

        <section className={home.figure} aria-labelledby={`${searchId}-figure`}>
          <h2 id={`${searchId}-figure`} className={home.figureTitle}>
            {t('booking.body.title')}
          </h2>
          <p className={styles.hint}>{t('booking.body.hint')}</p>
          {bodyPartList ? (
            <BodyFigure
              bodyParts={bodyPartList}
              selected={bodyPart?.slug ?? null}
              onSelect={chooseBodyPart}
            />
          ) : (
            <div className={home.figurePlaceholder} />
          )}
        </section>
      </div>

      <div className={home.continueBar}>
        <p className={home.selection} aria-live="polite">
          {selected.length
            ? t('booking.home.selected', { exams: selected.map((exam) => exam.name).join(', ') })
            : t('booking.home.none_selected')}
        </p>
        <button type="button" className={styles.button} onClick={onContinue}>
          {t('booking.home.continue')}
        </button>
      </div>

      <Suspense fallback={null}>
        {infoExam ? <ExamInfoModal exam={infoExam} onClose={() => setInfoExam(null)} /> : null}
        {dialog === 'walk-in' ? (
          <WalkInWarningModal
            isOpen={dialog === 'walk-in'}
            walkInExamName={walkInExamNameOf(selected, walkInExams.data ?? [])}
            onContinue={continueAfterWarning}
            onClose={() => setDialog('none')}
          />
        ) : null}
        {dialog === 'request-info' ? (
          <BookingRequestInfoModal
            isOpen={dialog === 'request-info'}
            info={info}
            onProceed={proceedFromInfo}
            onUpdate={() => {
              setDialog('none');
              listRef.current?.querySelector('input')?.focus();
            }}
            onClose={() => setDialog('none')}
          />
        ) : null}
      </Suspense>
    </Page>
  );
}
