import '../../../shared/ui/desktop/page.css';
import './account-desktop.css';
import { APPLY_STATUS_TEXT, type ApplySummary, type ProjectSummary } from '@portal/contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../platform';
import { MY_LIST_TEXT } from '../my-list-texts';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { PagedList } from '../../../shared/ui/desktop/paged-list';
import { applyWindowText } from '../../project';
import { useMyLikes, useMyProjects, useMyRunProjects } from '../api/user-lists';
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';

export const toProjects = <Link to={paths.projectList()}>去看看正在报名的项目</Link>;

/** A list of the personal centre in its white sheet. */
export function MyListSheet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="d-page d-my-list" aria-label={title}>
      {children}
    </section>
  );
}

/** One application: project, position, state and, where it leads, the flow and the ticket. */
export function ApplyRow({ apply }: { apply: ApplySummary }) {
  return (
    <div className="d-my-row">
      <div className="d-my-row__main">
        <h3 className="d-my-row__title">
          <Link to={paths.flowManage({ ProjectId: apply.ProjectId })}>{apply.ProjectTitle}</Link>
        </h3>
        <p className="d-my-row__meta">
          报考岗位：{apply.PositionName} · 更新于 {formatDate(apply.UpdateTime, 'YYYY-MM-DD HH:mm')}
        </p>
      </div>
      <Tag
        color={
          apply.Status === 'Returned' || apply.Status === 'Rejected'
            ? TAG_COLOR.bad
            : TAG_COLOR.info
        }
      >
        {APPLY_STATUS_TEXT[apply.Status]}
      </Tag>
      <div className="d-my-row__actions">
        <Link to={paths.myFlow()}>查看流程</Link>
        {/* As on the phone: the server says while the ticket can be printed. */}
        {apply.TicketPrintable ? (
          <Link to={paths.print({ ApplyId: apply.ApplyId })}>查看准考证</Link>
        ) : null}
        {apply.Status === 'Finished' ? (
          <Link to={paths.score({ ApplyId: apply.ApplyId })}>查看成绩</Link>
        ) : null}
      </div>
    </div>
  );
}

export function ProjectRow({ project, extra }: { project: ProjectSummary; extra: string }) {
  return (
    <div className="d-my-row">
      <div className="d-my-row__main">
        <h3 className="d-my-row__title">
          <Link to={paths.flowManage({ ProjectId: project.ProjectId })}>{project.Title}</Link>
        </h3>
        <p className="d-my-row__meta">
          {project.Organizer} · {applyWindowText(project)} · {formatFee(project.FeeInFen)}
        </p>
      </div>
      <span className="d-my-row__extra">{extra}</span>
    </div>
  );
}

export function MyProjectList() {
  return (
    <PagedList
      query={useMyProjects()}
      {...MY_LIST_TEXT.projects}
      itemKey={(a) => a.ApplyId}
      renderItem={(a) => <ApplyRow apply={a} />}
      emptyAction={toProjects}
    />
  );
}

export function MyRunProjectList() {
  return (
    <PagedList
      query={useMyRunProjects()}
      {...MY_LIST_TEXT.runProjects}
      itemKey={(a) => a.ApplyId}
      renderItem={(a) => <ApplyRow apply={a} />}
      emptyAction={toProjects}
    />
  );
}

export function MyLikeList() {
  return (
    <PagedList
      query={useMyLikes()}
      {...MY_LIST_TEXT.likes}
      itemKey={(p) => p.ProjectId}
      renderItem={(p) => (
        <ProjectRow project={p} extra={`收藏于 ${formatDate(p.CollectTime, 'YYYY-MM-DD')}`} />
      )}
      emptyAction={toProjects}
    />
  );
}
