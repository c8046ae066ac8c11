import { type ComponentProps, lazy, Suspense } from 'react';
import { Loading } from '../../../components/ui/status.tsx';
import { OnFirstOpen } from './manage-modals.tsx';
import type { PatientMatchForm as PatientMatchFormType } from './patient-match-form.tsx';
import type {
  ResultsSharedModal as ResultsSharedModalType,
  ShareResultsModal as ShareResultsModalType,
} from './share-results-modal.tsx';

// The share results modal (with its form, list and react-aria's dialog) and the patient match
// form load on first use, so the results pages paint without them (as manage-modals.tsx does for
// the appointment page). Until a modal has opened once, nothing is rendered.
const loadShareModal = () => import('./share-results-modal.tsx');
const loadMatchForm = () => import('./patient-match-form.tsx');

/** Starts loading the share modal's code: when the patient comes near a Share button. */
export function preloadShareModal(): void {
  void loadShareModal().catch(() => undefined);
}

const LazyShareResultsModal = lazy(async () => ({
  default: (await loadShareModal()).ShareResultsModal,
}));
const LazyResultsSharedModal = lazy(async () => ({
  default: (await loadShareModal()).ResultsSharedModal,
}));
const LazyPatientMatchForm = lazy(async () => ({
  default: (await loadMatchForm()).PatientMatchForm,
}));

export const ShareResultsModal = (props: ComponentProps<typeof ShareResultsModalType>) => (
  <OnFirstOpen open={props.isOpen}>
    <LazyShareResultsModal {...props} />
  </OnFirstOpen>
);

export const ResultsSharedModal = (props: ComponentProps<typeof ResultsSharedModalType>) => (
  <OnFirstOpen open={props.isOpen}>
    <LazyResultsSharedModal {...props} />
  </OnFirstOpen>
);

/** Shown only once asked for (See all my results), with a loader while its code arrives. */
export const PatientMatchForm = (props: ComponentProps<typeof PatientMatchFormType>) => (
  <Suspense fallback={<Loading />}>
    <LazyPatientMatchForm {...props} />
  </Suspense>
);
