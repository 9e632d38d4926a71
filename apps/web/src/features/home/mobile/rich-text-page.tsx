import './home.css';
import { useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useProject } from '../../project';
import { useCommonSolutionDetails } from '../api/get-common-solution-details';
import { Article } from '../components/article';
import { paths } from '../../../platform';

/*
 * home/richText shows one rich text from a known source, never HTML passed in the address:
 * ?ProjectId= a project's introduction (Project/GetProject), ?SolutionId= a solution's content
 * (CommonSolution/GetDetails). Either way the HTML is sanitised before it is shown.
 */

function ProjectIntroduction({ projectId }: { projectId: number }) {
  const query = useProject(projectId);
  const navigate = useNavigate();
  if (query.isPending) return <LoadingSkeleton rows={3} label="正在加载" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <Article title={query.data.Title} meta={query.data.Organizer} html={query.data.Introduction}>
      <button
        type="button"
        className="m-link-button"
        onClick={() => void navigate(paths.flowManage({ ProjectId: projectId }))}
      >
        去报名 ›
      </button>
    </Article>
  );
}

function SolutionContent({ solutionId }: { solutionId: number }) {
  const query = useCommonSolutionDetails(solutionId);
  if (query.isPending) return <LoadingSkeleton rows={3} label="正在加载" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <Article title={query.data.Title} html={query.data.Content} />;
}

export default function RichTextPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = idParam(params.get('ProjectId'));
  const solutionId = idParam(params.get('SolutionId'));
  if (projectId) return <ProjectIntroduction projectId={projectId} />;
  if (solutionId) return <SolutionContent solutionId={solutionId} />;
  return (
    <LoadFailed
      title="没有可显示的内容"
      description="请从项目或解决方案进入"
      actionText="返回首页"
      onRetry={() => void navigate(paths.home())}
    />
  );
}
