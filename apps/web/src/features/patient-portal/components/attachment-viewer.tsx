import type { Attachment } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Lightbox, {
  type ControllerRef,
  type GenericSlide,
  type Slide,
} from 'yet-another-react-lightbox';
import Inline from 'yet-another-react-lightbox/plugins/inline';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { slideKindOf, viewerAnimation, viewerZoom } from '../model/attachment-viewer.ts';
import styles from './attachment-viewer.module.css';
import manage from './manage.module.css';

/** Builds a document's links: its download, or its view (PDF inline, JPEG and PNG as pictures). */
export type AttachmentFileUrl = (attachmentId: string, what: 'download' | 'view') => string;

/** A slide that is not a picture: a PDF or a file no browser can be relied on to draw. */
interface DocumentSlide extends GenericSlide {
  type: 'document';
  attachment: Attachment;
}

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    document: DocumentSlide;
  }
}

const plugins = [Inline, Zoom];

/**
 * The documents as a carousel (yet-another-react-lightbox, drawn inline so the shared Modal
 * around it owns the focus trap, Escape and the dialog's name): pictures zoomable as spec 1 §9
 * says (model/attachment-viewer.ts), PDFs and other files as a card with their links. Arrow keys
 * move between documents once focus is inside; it takes focus when it opens, so they work at
 * once. `onView` says which document is shown.
 */
export function AttachmentViewer({
  attachments,
  startIndex,
  fileUrl,
  onView,
}: {
  attachments: readonly Attachment[];
  startIndex: number;
  fileUrl: AttachmentFileUrl;
  onView: (index: number) => void;
}) {
  const { t } = useTranslation();
  const controller = useRef<ControllerRef>(null);
  const slides = useStableSlides(attachments, fileUrl);

  useEffect(() => {
    controller.current?.focus();
  }, []);

  const key = (name: string) => t(`patient_portal.attachments.viewer.${name}`);
  return (
    <div className={styles.viewer}>
      <Lightbox
        plugins={plugins}
        slides={slides}
        index={startIndex}
        carousel={{ finite: true, padding: 0, preload: 1 }}
        zoom={viewerZoom}
        animation={viewerAnimation}
        // Escape is the Modal's: the carousel's own handler would stop it from reaching it.
        controller={{ ref: controller, closeOnEscape: false }}
        on={{ view: ({ index }) => onView(index) }}
        labels={{
          Previous: key('previous'),
          Next: key('next'),
          'Zoom in': key('zoom_in'),
          'Zoom out': key('zoom_out'),
          Carousel: key('carousel_role'),
          Slide: key('slide_role'),
          'Photo gallery': key('carousel_label'),
          // The carousel's own template ({index} and {total} are its placeholders, not ours).
          '{index} of {total}': t('patient_portal.attachments.viewer.position', {
            index: '{index}',
            total: '{total}',
          }),
        }}
        render={{
          slide: ({ slide }) =>
            slide.type === 'document' ? (
              <DocumentCard attachment={slide.attachment} fileUrl={fileUrl} />
            ) : undefined,
          iconError: () => <p className={styles.imageError}>{key('image_error')}</p>,
        }}
      />
    </div>
  );
}

/**
 * The slides, the same array for as long as the documents are the same: the carousel goes back to
 * its `index` whenever it is handed another array, and the page re-renders (a list read again as
 * the patient comes back from a PDF's tab) with new but equal arrays and a new `fileUrl`.
 */
function useStableSlides(attachments: readonly Attachment[], fileUrl: AttachmentFileUrl): Slide[] {
  const last = useRef<{ key: string; slides: Slide[] }>(null);
  const slides = attachments.map<Slide>((attachment) =>
    slideKindOf(attachment.contentType) === 'image'
      ? { type: 'image', src: fileUrl(attachment.id, 'view'), alt: attachment.fileName }
      : { type: 'document', attachment },
  );
  const key = JSON.stringify(slides);
  if (last.current?.key !== key) last.current = { key, slides };
  return last.current.slides;
}

/** A PDF's or another file's slide: a file icon, its name, Download and (PDF) View. */
function DocumentCard({
  attachment,
  fileUrl,
}: {
  attachment: Attachment;
  fileUrl: AttachmentFileUrl;
}) {
  const { t } = useTranslation();
  const pdf = slideKindOf(attachment.contentType) === 'pdf';
  const name = { name: attachment.fileName };
  return (
    <div className={styles.card}>
      <svg className={styles.fileIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5M8 13h8M8 17h8" />
      </svg>
      <p className={styles.cardName}>{attachment.fileName}</p>
      <p className={styles.cardHint}>
        {t(
          pdf
            ? 'patient_portal.attachments.viewer.pdf_hint'
            : 'patient_portal.attachments.viewer.no_preview',
        )}
      </p>
      <div className={styles.cardLinks}>
        <a
          className={manage.secondaryButton}
          href={fileUrl(attachment.id, 'download')}
          aria-label={t('patient_portal.attachments.download_name', name)}
        >
          {t('patient_portal.attachments.download')}
        </a>
        {pdf ? (
          <a
            className={manage.secondaryButton}
            href={fileUrl(attachment.id, 'view')}
            target="_blank"
            rel="noopener"
            aria-label={t('patient_portal.attachments.view_name', name)}
          >
            {t('patient_portal.attachments.view')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
