import './home.css';
import type { CommonSolution } from '@portal/contracts';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useCommonSolutionDetails } from '../api/get-common-solution-details';
import { useCommonSolutionList } from '../api/get-common-solution-list';
import { Article } from '../components/article';
import { paths } from '../../../platform';

function SolutionCard({ solution }: { solution: CommonSolution }) {
  return (
    <Link className="solution-card" to={paths.common({ SolutionId: solution.SolutionId })}>
      <h3 className="solution-card__title">{solution.Title}</h3>
      <p className="solution-card__summary">{solution.Summary}</p>
      <time className="solution-card__time" dateTime={solution.PublishTime}>
        发布于 {formatDate(solution.PublishTime, 'YYYY-MM-DD')}
      </time>
    </Link>
  );
}

function SolutionList() {
  return (
    <PagedList
      query={useCommonSolutionList()}
      label="解决方案"
      itemKey={(s) => s.SolutionId}
      renderItem={(s) => <SolutionCard solution={s} />}
      emptyTitle="暂无解决方案"
    />
  );
}

function SolutionDetail({ solutionId }: { solutionId: number }) {
  const query = useCommonSolutionDetails(solutionId);
  if (query.isPending) return <LoadingSkeleton rows={3} label="正在加载方案" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const solution = query.data;
  return (
    <Article
      title={solution.Title}
      meta={`发布于 ${formatDate(solution.PublishTime, 'YYYY-MM-DD')}`}
      html={solution.Content}
    >
      <Link className="section-head__more" to={paths.saas()}>
        咨询合作 ›
      </Link>
    </Article>
  );
}

/** home/common: the platform's solutions; ?SolutionId= opens one (its rich text sanitised). */
export default function CommonSolutionPage() {
  const [params] = useSearchParams();
  const solutionId = idParam(params.get('SolutionId'));
  return solutionId ? <SolutionDetail solutionId={solutionId} /> : <SolutionList />;
}
