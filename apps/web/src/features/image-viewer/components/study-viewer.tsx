import type { ImageViewerStudy } from '@portal/contract';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrameCache } from '../hooks/use-frame-cache.ts';
import { usePoliteAnnouncement } from '../hooks/use-polite-announcement.ts';
import type { GestureContext } from '../hooks/use-viewer-gestures.ts';
import { framesOf, preloadOrder, viewableSeries, withWindow } from '../model/study-frames.ts';
import {
  initialViewerState,
  type ViewerAction,
  type ViewerBox,
  viewerReducer,
} from '../model/viewer-state.ts';
import { renderWindowOf, windowPresetsFor } from '../model/window-presets.ts';
import { FrameStage } from './frame-stage.tsx';
import styles from './image-viewer.module.css';
import { SeriesList, useSeriesLabel } from './series-list.tsx';
import { ViewerControls } from './viewer-controls.tsx';

/**
 * The embedded zero-footprint viewer (decision 030, docs/product/image-viewer-web.md#the-viewer):
 * the PACS renders each frame (JPEG or PNG) through the portal's study-scoped proxy, in the
 * window chosen for a CT series; this shows them, scrolls a series and zooms. Its own lazy chunk: the report page loads it only
 * once the link is known to be ACTIVE.
 */
export function StudyViewer({ imsec, study }: { imsec: string; study: ImageViewerStudy }) {
  const { t } = useTranslation();
  const helpId = useId();
  const labelOf = useSeriesLabel();
  const series = useMemo(() => viewableSeries(study), [study]);
  const frameLists = useMemo(() => series.map((item) => framesOf(study, item)), [study, series]);
  const [state, dispatch] = useReducer(viewerReducer, initialViewerState);
  const [box, setBox] = useState<ViewerBox | undefined>(undefined);
  const current = series[state.seriesIndex];
  const windowPresets = useMemo(() => (current ? windowPresetsFor(current) : []), [current]);
  const renderWindow = current ? renderWindowOf(current, state.windowPreset) : null;
  // Another window is another rendering of each frame, fetched and cached apart.
  const frames = useMemo(
    () => withWindow(frameLists[state.seriesIndex] ?? [], renderWindow),
    [frameLists, state.seriesIndex, renderWindow],
  );
  const cache = useFrameCache(imsec);
  const { message, announce } = usePoliteAnnouncement();

  // The gestures read the state as it is when an event comes.
  const context = useRef<GestureContext>({
    state,
    frameCount: frames.length,
    box,
    windowPresets,
  });
  context.current = { state, frameCount: frames.length, box, windowPresets };
  const direction = useRef<1 | -1>(1);
  const moved = useRef(false);
  const onUserMove = useCallback(() => {
    moved.current = true;
  }, []);
  const act = useCallback((action: ViewerAction) => {
    moved.current = true;
    if (action.type === 'step') direction.current = action.by < 0 ? -1 : 1;
    if (action.type === 'goTo') {
      direction.current = action.frameIndex < context.current.state.frameIndex ? -1 : 1;
    }
    dispatch(action);
  }, []);

  const { want, wantThumbnails, entryOf } = cache;
  useEffect(() => {
    want(
      preloadOrder(state.frameIndex, frames.length, direction.current)
        .map((index) => frames[index])
        .filter((frame) => frame !== undefined),
    );
  }, [want, frames, state.frameIndex]);
  // Thumbnails stay in the PACS's default rendering: they name a series, they are not read.
  useEffect(() => {
    wantThumbnails(frameLists.map((list) => list[0]).filter((frame) => frame !== undefined));
  }, [wantThumbnails, frameLists]);

  const label = current ? labelOf(current) : '';
  const position = t('image_viewer.position', {
    index: state.frameIndex + 1,
    count: frames.length,
  });
  // Said once the patient pauses, and only for their own moves (not the first render).
  useEffect(() => {
    if (moved.current) announce(`${label}. ${position}`);
  }, [announce, label, position]);
  useEffect(() => {
    if (moved.current) {
      announce(t('image_viewer.zoom_level', { percent: Math.round(state.zoom * 100) }));
    }
  }, [announce, t, state.zoom]);
  // Only the choice is said ("Window: Lung"), not a series change that shows or hides presets.
  const hasPresets = useRef(false);
  hasPresets.current = windowPresets.length > 0;
  useEffect(() => {
    if (moved.current && hasPresets.current) {
      announce(
        t('image_viewer.window.announcement', {
          name: t(`image_viewer.window.${state.windowPreset}`),
        }),
      );
    }
  }, [announce, t, state.windowPreset]);

  if (!current) return null;
  return (
    <section className={styles.viewer} aria-labelledby="image-viewer-study">
      <h2 id="image-viewer-study" className={styles.studyHeading}>
        {study.description ?? t('image_viewer.study_untitled')}
        {study.studyDate ? <span className={styles.studyDate}> · {study.studyDate}</span> : null}
      </h2>
      <div className={series.length > 1 ? `${styles.layout} ${styles.withSeries}` : styles.layout}>
        <div className={styles.main}>
          <FrameStage
            entry={entryOf(frames[state.frameIndex])}
            zoom={state.zoom}
            pan={state.pan}
            alt={`${label}, ${position}`}
            helpId={helpId}
            context={context}
            dispatch={act}
            onUserMove={onUserMove}
            onBox={setBox}
          />
          <ViewerControls
            frameIndex={state.frameIndex}
            frameCount={frames.length}
            zoom={state.zoom}
            box={box}
            windowPresets={windowPresets}
            windowPreset={state.windowPreset}
            act={act}
          />
        </div>
        {series.length > 1 ? (
          <SeriesList
            series={series}
            selected={state.seriesIndex}
            thumbnailOf={(index) => entryOf(frameLists[index]?.[0])}
            imageCountOf={(index) => frameLists[index]?.length ?? 0}
            onSelect={(seriesIndex) => act({ type: 'selectSeries', seriesIndex })}
          />
        ) : null}
      </div>
      {/* Under the image and its controls: on a phone the image comes first. */}
      <p id={helpId} className={styles.help}>
        {t('image_viewer.help')}
        {windowPresets.length > 0 ? ` ${t('image_viewer.window.help')}` : null}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
