import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewerAction } from '../model/viewer-state.ts';
import type { WindowPreset, WindowPresetId } from '../model/window-presets.ts';
import styles from './image-viewer.module.css';

/**
 * The window presets of a CT series (docs/product/images.md#the-viewer): one choice of
 * several, so native radio buttons in a fieldset named "Window" (arrows move the choice, Tab
 * leaves the group, as the platform does), drawn as a row of 44 px segments. The image box's
 * keys 1 to 5 choose the same presets (model/viewer-state.ts keyAction).
 */
export function WindowPresetControl({
  presets,
  selected,
  act,
}: {
  presets: readonly WindowPreset[];
  selected: WindowPresetId;
  act: (action: ViewerAction) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={styles.windows}>
      <legend className={styles.windowsLegend}>{t('image_viewer.window.label')}</legend>
      {presets.map((preset) => (
        <label key={preset.id} className={styles.windowChoice}>
          <input
            type="radio"
            name={name}
            value={preset.id}
            checked={preset.id === selected}
            onChange={() => act({ type: 'chooseWindow', preset: preset.id })}
          />
          <span>{t(`image_viewer.window.${preset.id}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
