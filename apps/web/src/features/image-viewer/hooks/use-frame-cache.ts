import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchRenderedFrame } from '../api/image-viewer-api.ts';
import type { FrameRef } from '../model/study-frames.ts';
import { windowQuery } from '../model/window-presets.ts';

/** A frame's state: fetching, shown from an object URL, or failed (spec 1 §8: counts as loaded). */
export type FrameEntry =
  | { status: 'loading' }
  | { status: 'loaded'; url: string }
  | { status: 'error' };

/** How many frames are fetched at once, and how many decoded frames are kept. */
export const maxFramesInFlight = 4;
export const maxFramesKept = 80;

/** A frame's rendering: the same frame with another window is another image, kept apart. */
export const frameKey = (frame: FrameRef) =>
  `${frame.seriesInstanceUid}/${frame.sopInstanceUid}/${frame.frame}?${windowQuery(frame.window)}`;

/**
 * The rendered frames of one link: fetched with the imsec as a Bearer header (an <img src>
 * cannot send one), kept as object URLs, at most maxFramesInFlight at a time. `want` names the
 * frames the viewer needs now, nearest first: it replaces the previous wish, so scrolling fast
 * fetches where the patient is, not every frame passed on the way. Thumbnails are wished
 * separately, after those, and kept.
 */
export function useFrameCache(imsec: string) {
  const entries = useRef(new Map<string, FrameEntry>());
  const pinned = useRef(new Set<string>());
  const wanted = useRef<FrameRef[]>([]);
  const thumbnails = useRef<FrameRef[]>([]);
  const inFlight = useRef(new Map<string, AbortController>());
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((value) => value + 1), []);

  const evict = useCallback(() => {
    const keep = new Set([...wanted.current.map(frameKey), ...pinned.current]);
    for (const [key, entry] of entries.current) {
      if (entries.current.size <= maxFramesKept) break;
      if (keep.has(key) || entry.status === 'loading') continue;
      if (entry.status === 'loaded') URL.revokeObjectURL(entry.url);
      entries.current.delete(key);
    }
  }, []);

  const pump = useCallback(() => {
    for (const frame of [...wanted.current, ...thumbnails.current]) {
      if (inFlight.current.size >= maxFramesInFlight) return;
      const key = frameKey(frame);
      if (entries.current.has(key)) continue;
      const controller = new AbortController();
      inFlight.current.set(key, controller);
      entries.current.set(key, { status: 'loading' });
      fetchRenderedFrame(imsec, frame, controller.signal)
        .then((blob) => {
          if (controller.signal.aborted) return;
          entries.current.set(key, { status: 'loaded', url: URL.createObjectURL(blob) });
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          entries.current.set(key, { status: 'error' });
        })
        .finally(() => {
          if (controller.signal.aborted) return;
          inFlight.current.delete(key);
          evict();
          changed();
          pump();
        });
    }
  }, [imsec, evict, changed]);

  const want = useCallback(
    (frames: FrameRef[]) => {
      wanted.current = frames;
      // A frame no longer wanted is not worth the connection: drop it and fetch it again later.
      const keys = new Set([...frames, ...thumbnails.current].map(frameKey));
      for (const [key, controller] of inFlight.current) {
        if (keys.has(key)) continue;
        controller.abort();
        inFlight.current.delete(key);
        entries.current.delete(key);
      }
      pump();
    },
    [pump],
  );

  const wantThumbnails = useCallback(
    (frames: FrameRef[]) => {
      thumbnails.current = frames;
      pinned.current = new Set(frames.map(frameKey));
      pump();
    },
    [pump],
  );

  useEffect(() => {
    const stored = entries.current;
    const fetching = inFlight.current;
    return () => {
      for (const controller of fetching.values()) controller.abort();
      fetching.clear();
      for (const entry of stored.values()) {
        if (entry.status === 'loaded') URL.revokeObjectURL(entry.url);
      }
      stored.clear();
    };
  }, []);

  const entryOf = useCallback(
    (frame: FrameRef | undefined): FrameEntry | undefined =>
      frame ? entries.current.get(frameKey(frame)) : undefined,
    [],
  );

  return { want, wantThumbnails, entryOf, version };
}
