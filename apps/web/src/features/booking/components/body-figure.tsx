import type { BodyPart } from '@portal/contract';
import { type CSSProperties, type KeyboardEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../../lib/config.tsx';
import styles from './body-figure.module.css';

/**
 * Outlines of the parts the body figure knows, on a 200 x 420 figure (front and back share
 * the outline; the spine only shows from the back). Parts without an outline are offered as
 * buttons under the figure, so every part from GET /api/body-parts stays selectable.
 */
const shapes: Record<string, string> = {
  head: 'M100 10a24 30 0 1 0 0.1 0z',
  neck: 'M89 66h22v20h-22z',
  shoulder: 'M48 98a14 14 0 1 0 28 0a14 14 0 1 0 -28 0zM124 98a14 14 0 1 0 28 0a14 14 0 1 0 -28 0z',
  chest: 'M74 88h52q6 0 6 8v44h-64v-44q0-8 6-8z',
  breast: 'M75 124a11 11 0 1 0 22 0a11 11 0 1 0 -22 0zM103 124a11 11 0 1 0 22 0a11 11 0 1 0 -22 0z',
  abdomen: 'M70 142h60v44h-60z',
  pelvis: 'M70 188h60v22l-14 14h-32l-14-14z',
  hip: 'M56 204a12 12 0 1 0 24 0a12 12 0 1 0 -24 0zM120 204a12 12 0 1 0 24 0a12 12 0 1 0 -24 0z',
  hand: 'M30 238a12 12 0 1 0 24 0a12 12 0 1 0 -24 0zM146 238a12 12 0 1 0 24 0a12 12 0 1 0 -24 0z',
  leg: 'M72 226h26v150h-22zM102 226h26l-4 150h-22z',
  knee: 'M73 300a12 12 0 1 0 24 0a12 12 0 1 0 -24 0zM103 300a12 12 0 1 0 24 0a12 12 0 1 0 -24 0z',
  foot: 'M68 388a16 9 0 1 0 32 0a16 9 0 1 0 -32 0zM100 388a16 9 0 1 0 32 0a16 9 0 1 0 -32 0z',
  spine: 'M93 80h14v140h-14z',
};

/** Order in which outlines are painted: larger parts first, so smaller ones stay clickable. */
const paintOrder = Object.keys(shapes);

const outline =
  'M100 8c-16 0-27 13-27 32s11 32 17 34v10c-14 2-30 4-38 10s-10 16-12 30l-10 96c-1 8 3 16 10 16s10-6 11-14l10-80 6 4 2 50v20l4 160c0 8 6 12 12 12s10-6 10-12l5-150 5 150c0 6 4 12 10 12s12-4 12-12l4-160v-20l2-50 6-4 10 80c1 8 4 14 11 14s11-8 10-16l-10-96c-2-14-4-24-12-30s-24-8-38-10v-10c6-2 17-15 17-34s-11-32-27-32z';

/**
 * Memoised: the home re-renders as each of its start-up queries answers, and the figure's
 * SVG need not be rebuilt for the ones it does not show (main-thread time at start-up).
 */
export const BodyFigure = memo(function BodyFigure({
  bodyParts,
  selected,
  onSelect,
}: {
  bodyParts: BodyPart[];
  selected: string | null;
  onSelect: (bodyPart: BodyPart | null) => void;
}) {
  const { t } = useTranslation();
  const { bodyFigure } = usePortalConfig();
  const [view, setView] = useState<BodyPart['view']>('FRONT');
  const inView = bodyParts
    .filter((part) => part.view === view && shapes[part.slug])
    .sort((a, b) => paintOrder.indexOf(a.slug) - paintOrder.indexOf(b.slug));
  const withoutShape = bodyParts.filter(
    (part) =>
      !shapes[part.slug] &&
      !bodyParts.some((other) => other.slug === part.slug && other !== part && shapes[other.slug]),
  );
  const hasBack = bodyParts.some((part) => part.view === 'BACK');
  const gradientId = `body-gradient-${view}`;

  const toggle = (part: BodyPart) => onSelect(selected === part.slug ? null : part);
  const onKeyDown = (event: KeyboardEvent, part: BodyPart) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(part);
    }
  };

  const style = {
    '--body-part-hover': bodyFigure.bodyPartHoverColor,
    '--body-part-transition': `${bodyFigure.bodyPartHoverTransitionTime}ms`,
  } as CSSProperties;

  return (
    <div className={styles.figure} style={style}>
      {bodyFigure.bodyPartsCss ? <style>{bodyFigure.bodyPartsCss}</style> : null}
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG groups its shapes with role="group". */}
      <svg
        className={styles.svg}
        viewBox="0 0 200 420"
        role="group"
        aria-label={t(view === 'FRONT' ? 'booking.body.front' : 'booking.body.back')}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={bodyFigure.gradientColor} />
            <stop offset="1" stopColor="#ffffff" />
          </linearGradient>
        </defs>
        <path d={outline} fill={`url(#${gradientId})`} stroke="#768692" strokeWidth="1.5" />
        {inView.map((part) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the button role and keys.
          <path
            key={`${part.view}-${part.slug}`}
            d={shapes[part.slug]}
            className={`${styles.part} body-part body-part-${part.slug}`}
            role="button"
            tabIndex={0}
            aria-label={part.name}
            aria-pressed={selected === part.slug}
            onClick={() => toggle(part)}
            onKeyDown={(event) => onKeyDown(event, part)}
          >
            <title>{part.name}</title>
          </path>
        ))}
      </svg>
      <div className={styles.controls}>
        {hasBack ? (
          <button
            type="button"
            className={styles.turn}
            onClick={() => setView(view === 'FRONT' ? 'BACK' : 'FRONT')}
          >
            {t(view === 'FRONT' ? 'booking.body.show_back' : 'booking.body.show_front')}
          </button>
        ) : null}
        {withoutShape.map((part) => (
          <button
            key={part.slug}
            type="button"
            className={styles.turn}
            aria-pressed={selected === part.slug}
            onClick={() => toggle(part)}
          >
            {part.name}
          </button>
        ))}
      </div>
    </div>
  );
});
