import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../platform';
import { sanitizeHtml } from '../../../shared/safe-html';

/** A notice or message in full: its title, when and from whom, the sanitised text, its project. */
export function NoticeArticle({
  title,
  meta,
  content,
  projectId,
}: {
  title: string;
  meta: ReactNode;
  content: string;
  projectId: number | null;
}) {
  return (
    <article className="notice-detail" aria-labelledby="notice-detail-title">
      <h2 className="notice-detail__title" id="notice-detail-title">
        {title}
      </h2>
      <p className="notice-detail__meta">{meta}</p>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(content) }} />
      {projectId ? (
        <Link className="notice-detail__link" to={paths.flowManage({ ProjectId: projectId })}>
          查看项目 ›
        </Link>
      ) : null}
    </article>
  );
}
