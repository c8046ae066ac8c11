import { type ComponentProps, lazy } from 'react';
import type { DeleteAttachmentModal as DeleteAttachmentModalType } from './delete-attachment-modal.tsx';
import { OnFirstOpen } from './manage-modals.tsx';
import type { UploadAttachmentModal as UploadAttachmentModalType } from './upload-attachment-modal.tsx';

// The upload and delete-attachment modals (react-aria's dialog) load on first use, as the manage
// modals do (manage-modals.tsx): the documents section paints without them.
const loadUploadModal = () => import('./upload-attachment-modal.tsx');
const loadDeleteModal = () => import('./delete-attachment-modal.tsx');

/** Starts loading both: when a pointer or focus reaches the section's buttons. */
export function preloadAttachmentModals(): void {
  void loadUploadModal().catch(() => undefined);
  void loadDeleteModal().catch(() => undefined);
}

const LazyUploadModal = lazy(async () => ({
  default: (await loadUploadModal()).UploadAttachmentModal,
}));
const LazyDeleteModal = lazy(async () => ({
  default: (await loadDeleteModal()).DeleteAttachmentModal,
}));

export const UploadAttachmentModal = (props: ComponentProps<typeof UploadAttachmentModalType>) => (
  <OnFirstOpen open={props.isOpen}>
    <LazyUploadModal {...props} />
  </OnFirstOpen>
);

export const DeleteAttachmentModal = (props: ComponentProps<typeof DeleteAttachmentModalType>) => (
  <OnFirstOpen open={props.attachment !== null}>
    <LazyDeleteModal {...props} />
  </OnFirstOpen>
);
