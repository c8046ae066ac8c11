import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FrameEntry } from '../hooks/use-frame-cache.ts';
import { type GestureContext, useViewerGestures } from '../hooks/use-viewer-gestures.ts';
import { fittedSize, type Pan, type ViewerAction, type ViewerBox } from '../model/viewer-state.ts';
import styles from './image-viewer.module.css';

/**
 * The image and its gestures (docs/product/image-viewer-web.md#the-viewer): a focusable box
 * the keys, wheel, swipe and pinch act on, showing the current frame (or, while it loads, the
 * last one shown, so scrolling does not flash). A frame that failed says so and counts as
 * loaded (spec 1 §8).
 */
export function FrameStage({
  entry,
  zoom,
  pan,
  alt,
  helpId,
  context,
  dispatch,
  onUserMove,
  onBox,
}: {
  entry: FrameEntry | undefined;
  zoom: number;
  pan: Pan;
  alt: string;
  helpId: string;
  context: RefObject<GestureContext>;
  dispatch: (action: ViewerAction) => void;
  onUserMove: () => void;
  onBox: (box: ViewerBox | undefined) => void;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<{ width: number; height: number } | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const gestures = useViewerGestures(stage, context, dispatch, onUserMove);

  useEffect(() => {
    if (entry?.status === 'loaded') setShown(entry.url);
  }, [entry]);

  useEffect(() => {
    const node = stage.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([item]) => {
      if (item) setViewport({ width: item.contentRect.width, height: item.contentRect.height });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    onBox(viewport && natural ? { viewport, image: fittedSize(natural, viewport) } : undefined);
  }, [viewport, natural, onBox]);

  const failed = entry?.status === 'error';
  const loading = !failed && entry?.status !== 'loaded';
  return (
    // An application: its keys (arrows, Page Up/Down, Home, End, + and -) are the viewer's, so a
    // screen reader passes them through instead of reading the page with them.
    <div
      ref={stage}
      className={`${styles.stage} ${zoom > 1 ? styles.zoomed : ''}`}
      role="application"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: an application role takes keys; it must be focusable.
      tabIndex={0}
      aria-label={t('image_viewer.viewport_label')}
      aria-describedby={helpId}
      {...gestures}
    >
      {shown && !failed ? (
        <img
          className={styles.frame}
          src={shown}
          alt={alt}
          draggable={false}
          style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}
          onLoad={(event) =>
            setNatural({
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            })
          }
        />
      ) : null}
      {failed ? <p className={styles.stageMessage}>{t('image_viewer.image_error')}</p> : null}
      {loading && !shown ? (
        <p className={styles.stageMessage}>{t('image_viewer.image_loading')}</p>
      ) : null}
    </div>
  );
}
