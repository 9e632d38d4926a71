import './home-desktop.css';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { idParam } from '../../../shared/id';
import { LoadFailed, QueryView } from '../../../shared/ui/desktop/query-states';
import { useProject } from '../../project';
import { Article } from '../components/article';
import { SolutionArticle } from './solution-article';

/*
 * richText shows one rich text from a known source, never HTML passed in the address:
 * ?ProjectId= a project's introduction, ?SolutionId= a solution's content; always sanitised.
 */

function ProjectIntroduction({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  return (
    <QueryView query={useProject(projectId)} label="正在加载项目介绍" rows={8}>
      {(project) => (
        <Article title={project.Title} meta={project.Organizer} html={project.Introduction}>
          <div className="article__actions">
            <Button
              type="primary"
              size="large"
              onClick={() => void navigate(paths.flowManage({ ProjectId: projectId }))}
            >
              查看项目并报名
            </Button>
          </div>
        </Article>
      )}
    </QueryView>
  );
}

/** richText: a project's introduction or a solution's content on a white page. */
export default function RichTextPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = idParam(params.get('ProjectId'));
  const solutionId = idParam(params.get('SolutionId'));
  return (
    <div className="d-panel rich-text-page">
      {projectId ? (
        <ProjectIntroduction projectId={projectId} />
      ) : solutionId ? (
        <SolutionArticle solutionId={solutionId} />
      ) : (
        <LoadFailed
          title="没有可显示的内容"
          description="请从项目或解决方案进入"
          actionText="返回首页"
          onRetry={() => void navigate(paths.home())}
        />
      )}
    </div>
  );
}
