import { Link } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { QueryView } from '../../../shared/ui/desktop/query-states';
import { useCommonSolutionDetails } from '../api/get-common-solution-details';
import { Article } from '../components/article';

/** One solution in full (CommonSolution/GetDetails), with the way to ask about it. */
export function SolutionArticle({ solutionId }: { solutionId: number }) {
  return (
    <QueryView query={useCommonSolutionDetails(solutionId)} label="正在加载方案" rows={8}>
      {(solution) => (
        <Article
          title={solution.Title}
          meta={`发布于 ${formatDate(solution.PublishTime, 'YYYY-MM-DD')}`}
          html={solution.Content}
        >
          <div className="article__actions">
            <Link className="external-card__go" to={paths.saas()}>
              咨询合作
            </Link>
          </div>
        </Article>
      )}
    </QueryView>
  );
}
