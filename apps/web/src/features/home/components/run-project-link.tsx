import { APPLY_STATUS_TEXT, type ApplyStatus } from '@portal/contracts';
import { Link } from 'react-router';
import { paths } from '../../../platform';

/** An application under way: its project's title and state, back to its flow. */
export function RunProjectLink({
  item,
  className,
  titleClassName,
}: {
  item: { ProjectId: number; ProjectTitle: string; Status: ApplyStatus };
  className: string;
  titleClassName: string;
}) {
  return (
    <Link className={className} to={paths.flowManage({ ProjectId: item.ProjectId })}>
      <span className={titleClassName}>{item.ProjectTitle}</span>
      <span className={`state-tag state-tag--${item.Status}`}>
        {APPLY_STATUS_TEXT[item.Status]}
      </span>
    </Link>
  );
}
