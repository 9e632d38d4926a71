import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, sendToSignIn, useSessionStore } from '../../../platform';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useProjectPositions } from '../api/get-project-position';
import { PositionFacts } from '../components/position-facts';

/** home/position: a project's positions with requirements and quota; choosing one opens the form. */
export default function PositionPage() {
  const [params] = useSearchParams();
  const projectId = Number(params.get('ProjectId'));
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const positions = useProjectPositions(projectId);

  if (positions.isPending) return <LoadingSkeleton label="正在加载岗位" />;
  if (positions.isError) return <LoadFailed onRetry={() => void positions.refetch()} />;
  if (positions.data.length === 0) return <EmptyState title="该项目暂无可报考的岗位" />;

  const choose = (positionId: number) => {
    const to = paths.apply({ ProjectId: projectId, PositionId: positionId });
    if (signedIn) void navigate(to);
    else sendToSignIn(to);
  };

  return (
    <ul className="m-list" aria-label="岗位列表">
      {positions.data.map((p) => {
        return (
          <li className="m-list__item position-card" key={p.PositionId}>
            <h2 className="position-card__name">{p.Name}</h2>
            <PositionFacts position={p} />
            <Button
              block
              color="primary"
              onClick={() => choose(p.PositionId)}
              aria-label={`报考 ${p.Name}`}
            >
              报考此岗位
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
