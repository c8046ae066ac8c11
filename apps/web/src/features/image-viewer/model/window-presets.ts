/**
 * Window/level presets (docs/product/images.md#the-viewer, decision 030): the windows the
 * viewer offers for a CT series, passed to the proxy as `?window=center,width` (the contract's
 * imageViewerRenderedQuerySchema) so the PACS renders the frame with it. Pure, so which
 * presets a series gets and the query are tested without a browser.
 */

/** A window in the series' own units (Hounsfield units for CT): its centre (level) and width. */
export interface RenderWindow {
  center: number;
  width: number;
}

export type WindowPresetId = 'default' | 'soft_tissue' | 'lung' | 'bone' | 'brain';

export interface WindowPreset {
  id: WindowPresetId;
  /** Null: no window parameter, the PACS's own default rendering. */
  window: RenderWindow | null;
}

export const defaultWindowPreset: WindowPresetId = 'default';

/**
 * The CT presets, in the order of their keys (1 to 5). Bone is 300/1500 as in Orthanc's Stone
 * Web Viewer's WindowingPresets ("CT Bone", WindowCenter 300, WindowWidth 1500, its
 * configuration.json): the demo and the tests' PACS is Orthanc (apps/server/test/orthanc.ts),
 * so a referrer who also opens the PACS's own viewer sees the same bone window there. The
 * others are the usual values, the same in OHIF's and Orthanc's lists: soft tissue 40/400,
 * lung -600/1500, brain 40/80.
 */
export const ctWindowPresets: readonly WindowPreset[] = [
  { id: 'default', window: null },
  { id: 'soft_tissue', window: { center: 40, width: 400 } },
  { id: 'lung', window: { center: -600, width: 1500 } },
  { id: 'bone', window: { center: 300, width: 1500 } },
  { id: 'brain', window: { center: 40, width: 80 } },
];

/**
 * The presets a series gets: the CT ones for a CT series; none for any other modality (an
 * MR's or an X-ray's values are not Hounsfield units, so a CT window would mean nothing:
 * the PACS's default rendering stays, and no control is shown).
 */
export function windowPresetsFor(series: { modality: string | null }): readonly WindowPreset[] {
  return series.modality?.trim().toUpperCase() === 'CT' ? ctWindowPresets : [];
}

/**
 * The window a series' frames are rendered with for the chosen preset: null (the PACS's
 * default) when the series has no presets, so a choice made on a CT series is kept but not
 * applied while an MR series of the same study is shown.
 */
export function renderWindowOf(
  series: { modality: string | null },
  preset: WindowPresetId,
): RenderWindow | null {
  return windowPresetsFor(series).find((item) => item.id === preset)?.window ?? null;
}

/**
 * The rendered frame's query for a window: `window=center,width`, the commas unescaped as
 * the contract's pattern reads them; empty for the default rendering.
 */
export function windowQuery(window: RenderWindow | null | undefined): string {
  return window ? `window=${window.center},${window.width}` : '';
}

/** The preset a digit key chooses among a series' presets ('1' the first), or null. */
export function presetForKey(key: string, presets: readonly WindowPreset[]): WindowPresetId | null {
  if (!/^[1-9]$/.test(key)) return null;
  return presets[Number(key) - 1]?.id ?? null;
}
