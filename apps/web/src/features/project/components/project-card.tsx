import { PROJECT_STATE_TEXT, type ProjectDetail, type ProjectSummary } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { paths } from '../../../platform';

const WINDOW_FORMAT = 'YYYY-MM-DD HH:mm';

/** The application window as a person reads it (§9 date format, to the minute). */
export function applyWindowText(
  project: Pick<ProjectSummary, 'ApplyStartTime' | 'ApplyEndTime' | 'ClosedEarlyTime'>,
) {
  const window = `${formatDate(project.ApplyStartTime, WINDOW_FORMAT)} 至 ${formatDate(project.ApplyEndTime, WINDOW_FORMAT)}`;
  // A window that still includes today beside 已截止 needs its real closing said (issue 30, pt 11).
  return project.ClosedEarlyTime
    ? `${window}（已于 ${formatDate(project.ClosedEarlyTime, WINDOW_FORMAT)} 提前截止）`
    : window;
}

/** A position's quota: 0 means any number (exams and contests), never "0 人". */
export function quotaText(quota: number): string {
  return quota > 0 ? `${quota} 人` : '不限';
}

const DAY_MS = 24 * 3600_000;

/**
 * The exam time as a candidate reads it: one sitting (date, from–to), or an online exam open over
 * days (随报随考) until its end; 另行通知 before it is set.
 */
export function examTimeText(
  project: Pick<ProjectDetail, 'ExamStartTime' | 'ExamEndTime'>,
): string {
  const { ExamStartTime: start, ExamEndTime: end } = project;
  if (!start) return '另行通知';
  if (!end) return formatDate(start, 'YYYY-MM-DD HH:mm');
  if (new Date(end).getTime() - new Date(start).getTime() > DAY_MS)
    return `随报随考，${formatDate(end, 'YYYY-MM-DD HH:mm')} 前完成`;
  // A sitting past midnight names the day it ends on.
  const sameDay = formatDate(start, 'YYYY-MM-DD') === formatDate(end, 'YYYY-MM-DD');
  return `${formatDate(start, 'YYYY-MM-DD HH:mm')} 至 ${formatDate(end, sameDay ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
}

/** A project in a list: title, organiser, application window, fee and state; it opens the project. */
export function ProjectCard({ project, extra }: { project: ProjectSummary; extra?: ReactNode }) {
  return (
    <Link className="project-card" to={paths.flowManage({ ProjectId: project.ProjectId })}>
      <div className="project-card__head">
        <h3 className="project-card__title">{project.Title}</h3>
        <span className={`state-tag state-tag--${project.State}`}>
          {PROJECT_STATE_TEXT[project.State]}
        </span>
      </div>
      <p className="project-card__organizer">{project.Organizer}</p>
      <p className="project-card__meta">
        <span className="visually-hidden">报名时间</span>
        {applyWindowText(project)}
      </p>
      <div className="project-card__foot">
        <span className={project.FeeInFen === 0 ? 'fee fee--free' : 'fee'}>
          <span className="visually-hidden">报名费</span>
          {formatFee(project.FeeInFen)}
        </span>
        {extra ? <span className="project-card__extra">{extra}</span> : null}
      </div>
    </Link>
  );
}
