import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The content column of a page with its one h1. */
export function Page({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </div>
  );
}

/** A white panel grouping related content. */
export function Card({
  children,
  as: Tag = 'section',
  labelledBy,
}: {
  children: ReactNode;
  as?: 'section' | 'div' | 'li' | 'article';
  labelledBy?: string;
}) {
  return (
    <Tag className={styles.card} aria-labelledby={labelledBy}>
      {children}
    </Tag>
  );
}

/** GOV.UK-style inset text: a bordered aside for something the reader should notice. */
export function Inset({ children }: { children: ReactNode }) {
  return <div className={styles.inset}>{children}</div>;
}
