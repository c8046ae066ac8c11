import type { ReactNode } from 'react';
import styles from './manage.module.css';

const tones = {
  primary: styles.button,
  secondary: styles.secondaryButton,
  danger: `${styles.button} ${styles.danger}`,
};

/**
 * A modal's button that does nothing while the modal's change is on its way: aria-disabled
 * rather than disabled, so it keeps focus and a screen reader still finds it.
 */
export function DialogButton({
  tone = 'secondary',
  busy,
  onPress,
  children,
}: {
  tone?: keyof typeof tones;
  busy: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={tones[tone]}
      aria-disabled={busy || undefined}
      onClick={() => (busy ? undefined : onPress())}
    >
      {children}
    </button>
  );
}
