import '../../../shared/ui/desktop/page.css';
import './station-desktop.css';
import { Button, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../platform';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
import { STATION_KIND_TEXT, type StationTask } from '../station-tasks';
import { useStation } from '../use-station';
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';

const KIND_COLOR: Record<StationTask['kind'], string> = {
  returned: TAG_COLOR.warn,
  pay: TAG_COLOR.bad,
  print: TAG_COLOR.info,
  exam: TAG_COLOR.exam,
  message: TAG_COLOR.quiet,
};

/** The to-do list, each task one click from its action; also the personal centre's overview. */
export function StationTasks() {
  const navigate = useNavigate();
  const station = useStation();
  if (station.failed) return <LoadFailed onRetry={station.retry} />;
  if (station.loading) return <LoadingBlock rows={3} label="正在整理待办事项" />;
  if (station.tasks.length === 0)
    return (
      <EmptyBlock
        title="眼下没有需要办理的事项"
        action={<Link to={paths.projectList()}>去看看正在报名的项目</Link>}
      />
    );
  return (
    <ul className="d-station" aria-label="待办事项">
      {station.tasks.map((task) => (
        <li key={task.key} className="d-station__item">
          <Tag color={KIND_COLOR[task.kind]}>{STATION_KIND_TEXT[task.kind]}</Tag>
          <div className="d-station__text">
            <h3 className="d-station__title">{task.title}</h3>
            <p className="d-station__detail">{task.detail}</p>
          </div>
          <Button
            type="primary"
            aria-label={`${task.action.label}：${task.title}`}
            onClick={() => void navigate(task.action.to)}
          >
            {task.action.label}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** auth/station on a PC: the signed-in person's workbench. */
export default function StationPage() {
  return (
    <section className="d-page d-station-page" aria-labelledby="station-title">
      <h2 className="d-page__title" id="station-title">
        待办事项
      </h2>
      <StationTasks />
      <p className="d-station__more">
        全部报名和进度见 <Link to={paths.myFlow()}>我的流程</Link>，订单见{' '}
        <Link to={paths.myOrder()}>我的订单</Link>。
      </p>
    </section>
  );
}
