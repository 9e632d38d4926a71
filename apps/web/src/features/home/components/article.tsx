import type { ReactNode } from 'react';
import { sanitizeHtml } from '../../../shared/safe-html';

/** Rich text from the server under a title; the HTML is kept to the sanitiser's allow-list. */
export function Article({
  title,
  meta,
  html,
  children,
}: {
  title: string;
  meta?: ReactNode;
  html: string;
  children?: ReactNode;
}) {
  return (
    <article className="article">
      <h2 className="article__title">{title}</h2>
      {meta ? <p className="article__meta">{meta}</p> : null}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      {children}
    </article>
  );
}
