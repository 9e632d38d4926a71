import type { ReactNode } from 'react';

/** A full message in the page body: what happened and what the person can do next. */
export function StatusPage({
  heading,
  detail,
  actions,
  tone = 'info',
}: {
  heading: string;
  detail?: ReactNode;
  actions?: ReactNode;
  tone?: 'info' | 'error';
}) {
  return (
    <section
      className={`status-page status-page--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <h2 className="status-page__heading">{heading}</h2>
      {detail ? <div className="status-page__detail">{detail}</div> : null}
      {actions ? <div className="status-page__actions">{actions}</div> : null}
    </section>
  );
}
