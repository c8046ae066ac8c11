import styles from './manage.module.css';
import frame from './patient-page.module.css';

/**
 * What the patient's last change did ("Your appointment has been cancelled."), in a polite live
 * region that is always in the page, so a screen reader says the words when they appear.
 */
export function StatusNotice({ text }: { text: string | null }) {
  return (
    <div
      className={`${styles.notice} ${frame.noPrint}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {text ? <p>{text}</p> : null}
    </div>
  );
}
