import './home-desktop.css';
import { pageIndexOf, type ExternalProject } from '@portal/contracts';
import { Pagination, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { QueryView } from '../../../shared/ui/desktop/query-states';
import { EXTERNAL_PAGE_SIZE, useExternalProjects } from '../api/get-external-project-list';

function ExternalCard({ project }: { project: ExternalProject }) {
  const closed = new Date(project.ApplyEndTime).getTime() < Date.now();
  return (
    <article className="external-card" aria-labelledby={`external-${project.ExternalProjectId}`}>
      <div className="external-card__body">
        <h2 className="external-card__title" id={`external-${project.ExternalProjectId}`}>
          {project.Title}
        </h2>
        <p className="external-card__organizer">{project.Organizer}</p>
        <p className="external-card__summary">{project.Summary}</p>
      </div>
      <div className="external-card__side">
        <p className="external-card__deadline">
          报名截止
          <time dateTime={project.ApplyEndTime}>
            {formatDate(project.ApplyEndTime, 'YYYY-MM-DD HH:mm')}
          </time>
          {closed ? <Tag>已截止</Tag> : null}
        </p>
        <a
          className="external-card__go"
          href={project.Url}
          target="_blank"
          rel="noopener noreferrer"
        >
          前往官网报名<span className="visually-hidden">：{project.Title}（在新窗口打开）</span> ↗
        </a>
      </div>
    </article>
  );
}

/** externalproject: projects run on other sites; each opens its own site. The page is in the address. */
export default function ExternalProjectPage() {
  const [params, setParams] = useSearchParams();
  const pageIndex = pageIndexOf(params);
  const query = useExternalProjects(pageIndex);
  return (
    <div className="external-page">
      <p className="external-page__lead">
        以下项目由其他机构的官方网站受理报名，点击后将在新窗口打开对应网站。
      </p>
      <QueryView
        query={query}
        label="正在加载外部项目"
        isEmpty={(page) => page.Items.length === 0}
        emptyTitle="暂无外部项目"
      >
        {(page) => (
          <>
            <ul className="d-list" aria-label="外部项目">
              {page.Items.map((p) => (
                <li key={p.ExternalProjectId}>
                  <ExternalCard project={p} />
                </li>
              ))}
            </ul>
            <Pagination
              className="d-pagination"
              align="center"
              current={page.PageIndex}
              pageSize={EXTERNAL_PAGE_SIZE}
              total={page.Total}
              hideOnSinglePage
              showSizeChanger={false}
              showTotal={(total) => `共 ${total} 个项目`}
              onChange={(next) => {
                setParams(next === 1 ? {} : { PageIndex: String(next) });
                window.scrollTo(0, 0);
              }}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
