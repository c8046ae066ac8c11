import { type ComponentProps, lazy } from 'react';
import type { AttachmentInfoModal as AttachmentInfoModalType } from './attachment-info-modal.tsx';
import type { AttachmentViewerModal as AttachmentViewerModalType } from './attachment-viewer-modal.tsx';
import type { DeleteAttachmentModal as DeleteAttachmentModalType } from './delete-attachment-modal.tsx';
import { OnFirstOpen } from './manage-modals.tsx';
import type { UploadAttachmentModal as UploadAttachmentModalType } from './upload-attachment-modal.tsx';

// The upload and delete-attachment modals (react-aria's dialog) load on first use, as the manage
// modals do (manage-modals.tsx): the documents section paints without them.
const loadUploadModal = () => import('./upload-attachment-modal.tsx');
const loadDeleteModal = () => import('./delete-attachment-modal.tsx');
// The carousel viewer brings yet-another-react-lightbox, its Zoom plugin and stylesheet: none of
// it is in the page's initial JavaScript (docs/benchmarks.md), it loads as Show is neared.
const loadViewerModal = () => import('./attachment-viewer-modal.tsx');
const loadInfoModal = () => import('./attachment-info-modal.tsx');

/** Starts loading both: when a pointer or focus reaches the section's buttons. */
export function preloadAttachmentModals(): void {
  void loadUploadModal().catch(() => undefined);
  void loadDeleteModal().catch(() => undefined);
}

/** Starts loading the carousel viewer: when a pointer or focus reaches a Show button. */
export function preloadAttachmentViewer(): void {
  void loadViewerModal().catch(() => undefined);
}

/** Starts loading the attachment info modal: when a pointer or focus reaches an About button. */
export function preloadAttachmentInfo(): void {
  void loadInfoModal().catch(() => undefined);
}

const LazyUploadModal = lazy(async () => ({
  default: (await loadUploadModal()).UploadAttachmentModal,
}));
const LazyDeleteModal = lazy(async () => ({
  default: (await loadDeleteModal()).DeleteAttachmentModal,
}));
const LazyViewerModal = lazy(async () => ({
  default: (await loadViewerModal()).AttachmentViewerModal,
}));
const LazyInfoModal = lazy(async () => ({
  default: (await loadInfoModal()).AttachmentInfoModal,
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

export const AttachmentViewerModal = (props: ComponentProps<typeof AttachmentViewerModalType>) => (
  <OnFirstOpen open={props.isOpen}>
    <LazyViewerModal {...props} />
  </OnFirstOpen>
);

export const AttachmentInfoModal = (props: ComponentProps<typeof AttachmentInfoModalType>) => (
  <OnFirstOpen open={props.attachment !== null}>
    <LazyInfoModal {...props} />
  </OnFirstOpen>
);
