import { describe, expect, it } from 'vitest';
import { renderedFrameUrl, withWindow } from './study-frames.ts';
import {
  ctWindowPresets,
  presetForKey,
  renderWindowOf,
  windowPresetsFor,
  windowQuery,
} from './window-presets.ts';

const ct = { modality: 'CT' };
const mr = { modality: 'MR' };
const frame = {
  studyInstanceUid: '1.2.3',
  seriesInstanceUid: '1.2.3.1',
  sopInstanceUid: '1.2.3.1.1',
  frame: 1,
};

describe('window presets', () => {
  it('offers the five CT presets, in key order, for a CT series only', () => {
    expect(windowPresetsFor(ct).map((preset) => preset.id)).toEqual([
      'default',
      'soft_tissue',
      'lung',
      'bone',
      'brain',
    ]);
    // DICOM writes CS values upper case, but a PACS may pad or lower them.
    expect(windowPresetsFor({ modality: ' ct ' })).toBe(ctWindowPresets);
    for (const modality of ['MR', 'CR', 'DX', 'US', 'PT', 'OT', '', null]) {
      expect(windowPresetsFor({ modality })).toEqual([]);
    }
  });

  it('has the standard windows: soft tissue 40/400, lung -600/1500, bone 300/1500, brain 40/80', () => {
    expect(Object.fromEntries(ctWindowPresets.map((preset) => [preset.id, preset.window]))).toEqual(
      {
        default: null,
        soft_tissue: { center: 40, width: 400 },
        lung: { center: -600, width: 1500 },
        bone: { center: 300, width: 1500 },
        brain: { center: 40, width: 80 },
      },
    );
  });

  it("applies the chosen window to a CT series, and none (the PACS's default) to another", () => {
    expect(renderWindowOf(ct, 'lung')).toEqual({ center: -600, width: 1500 });
    expect(renderWindowOf(ct, 'default')).toBeNull();
    expect(renderWindowOf(mr, 'lung')).toBeNull();
    expect(renderWindowOf({ modality: null }, 'brain')).toBeNull();
  });

  it('builds window=center,width with the commas as the proxy reads them, nothing for the default', () => {
    expect(windowQuery({ center: -600, width: 1500 })).toBe('window=-600,1500');
    expect(windowQuery(null)).toBe('');
    expect(windowQuery(undefined)).toBe('');
    // The contract's pattern (imageViewerRenderedQuerySchema) accepts every preset's query.
    for (const preset of ctWindowPresets) {
      if (!preset.window) continue;
      expect(windowQuery(preset.window).slice('window='.length)).toMatch(
        /^-?\d+(\.\d+)?,\d+(\.\d+)?$/,
      );
    }
  });

  it("puts the window on the frame's address, and leaves a default frame's address alone", () => {
    const path =
      '/api/image_viewer/dicomweb/studies/1.2.3/series/1.2.3.1/instances/1.2.3.1.1/frames/1/rendered';
    expect(renderedFrameUrl(frame)).toBe(path);
    const [lung] = withWindow([frame], { center: -600, width: 1500 });
    expect(renderedFrameUrl(lung ?? frame)).toBe(`${path}?window=-600,1500`);
    const frames = [frame];
    expect(withWindow(frames, null)).toBe(frames);
  });

  it('maps the digit keys 1 to 5 to the presets, and nothing else', () => {
    expect(presetForKey('1', ctWindowPresets)).toBe('default');
    expect(presetForKey('3', ctWindowPresets)).toBe('lung');
    expect(presetForKey('5', ctWindowPresets)).toBe('brain');
    for (const key of ['0', '6', '9', '12', 'l', 'Digit3', '']) {
      expect(presetForKey(key, ctWindowPresets)).toBeNull();
    }
    // A series without presets (MR) leaves the digits alone.
    expect(presetForKey('3', [])).toBeNull();
  });
});
