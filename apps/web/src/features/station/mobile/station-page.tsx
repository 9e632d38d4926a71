import './station.css';
import { Link } from 'react-router';
import { paths } from '../../../platform';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { STATION_KIND_TEXT } from '../station-tasks';
import { useStation } from '../use-station';

/** auth/station on a phone: what needs doing now, each task a tap from its action. */
export default function StationPage() {
  const station = useStation();
  if (station.failed) return <LoadFailed onRetry={station.retry} />;
  if (station.loading) return <LoadingSkeleton rows={3} label="正在整理待办事项" />;
  return (
    <section className="m-station" aria-label="待办事项">
      {station.tasks.length === 0 ? (
        <div className="m-station__empty" role="status">
          <p>眼下没有需要办理的事项</p>
          <Link className="m-link-button" to={paths.projectList()}>
            去看看项目
          </Link>
        </div>
      ) : (
        <ul className="m-station__list" aria-label="待办事项">
          {station.tasks.map((task) => (
            <li key={task.key} className="m-station__item">
              <p className="m-station__kind">{STATION_KIND_TEXT[task.kind]}</p>
              <h2 className="m-station__title">{task.title}</h2>
              <p className="m-station__detail">{task.detail}</p>
              <Link
                className="m-station__action"
                to={task.action.to}
                aria-label={`${task.action.label}：${task.title}`}
              >
                {task.action.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
