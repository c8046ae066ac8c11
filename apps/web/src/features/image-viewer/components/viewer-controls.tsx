import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { type ViewerAction, type ViewerBox, zoomStep } from '../model/viewer-state.ts';
import type { WindowPreset, WindowPresetId } from '../model/window-presets.ts';
import styles from './image-viewer.module.css';
import { WindowPresetControl } from './window-preset-control.tsx';

const iconButton = `${buttons.secondaryButton} ${styles.iconButton}`;

/**
 * The viewer's buttons and slider (docs/product/image-viewer-web.md#the-viewer): previous and
 * next image, the series slider (a native range, so its keys are the platform's), "n of N",
 * zoom out, fit and in, and a CT series' window presets. Each button is a 44 px target; none is ever disabled, so focus
 * is not lost at the series' ends (the rules keep the image inside the series and zoom range).
 */
export function ViewerControls({
  frameIndex,
  frameCount,
  zoom,
  box,
  windowPresets,
  windowPreset,
  act,
}: {
  frameIndex: number;
  frameCount: number;
  zoom: number;
  box: ViewerBox | undefined;
  windowPresets: readonly WindowPreset[];
  windowPreset: WindowPresetId;
  act: (action: ViewerAction) => void;
}) {
  const { t } = useTranslation();
  const position = t('image_viewer.position', { index: frameIndex + 1, count: frameCount });
  return (
    <div className={styles.controls}>
      <div className={styles.scroll}>
        <button
          type="button"
          className={iconButton}
          aria-label={t('image_viewer.previous')}
          onClick={() => act({ type: 'step', by: -1, frameCount })}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <input
          type="range"
          className={styles.slider}
          min={1}
          max={Math.max(1, frameCount)}
          step={1}
          value={frameIndex + 1}
          disabled={frameCount < 2}
          aria-label={t('image_viewer.slider')}
          aria-valuetext={position}
          onChange={(event) =>
            act({ type: 'goTo', frameIndex: Number(event.target.value) - 1, frameCount })
          }
        />
        <button
          type="button"
          className={iconButton}
          aria-label={t('image_viewer.next')}
          onClick={() => act({ type: 'step', by: 1, frameCount })}
        >
          <span aria-hidden="true">›</span>
        </button>
        <span className={styles.position}>{position}</span>
      </div>
      <div className={styles.zoom}>
        <button
          type="button"
          className={iconButton}
          aria-label={t('image_viewer.zoom_out')}
          onClick={() => act({ type: 'zoomBy', by: -zoomStep, box })}
        >
          <span aria-hidden="true">−</span>
        </button>
        <button
          type="button"
          className={buttons.secondaryButton}
          onClick={() => act({ type: 'resetZoom' })}
        >
          {t('image_viewer.zoom_reset')}
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={t('image_viewer.zoom_in')}
          onClick={() => act({ type: 'zoomBy', by: zoomStep, box })}
        >
          <span aria-hidden="true">+</span>
        </button>
        <span className={styles.position}>
          {t('image_viewer.zoom_level', { percent: Math.round(zoom * 100) })}
        </span>
      </div>
      {windowPresets.length > 0 ? (
        <WindowPresetControl presets={windowPresets} selected={windowPreset} act={act} />
      ) : null}
    </div>
  );
}
