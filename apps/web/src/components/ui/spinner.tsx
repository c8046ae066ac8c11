import styles from './spinner.module.css';

export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' | 'large' }) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
}
