import './question.css';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { LoadFailed } from '../../../shared/ui/mobile/query-states';
import { useProjectOpenAskList } from '../../project';
import { QaCard } from '../components/qa-card';
import { paths } from '../../../platform';

/** home/question?ProjectId=: a project's answered, public questions; from here one asks or sees one's own. */
export default function QuestionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = idParam(params.get('ProjectId'));
  const query = useProjectOpenAskList(projectId ?? 0);

  if (!projectId) {
    return (
      <LoadFailed
        title="没有指定项目"
        description="请从项目页面进入咨询问答"
        actionText="去项目列表"
        onRetry={() => void navigate(paths.projectList())}
      />
    );
  }
  return (
    <div className="question-page">
      <div className="question-actions">
        <Button
          color="primary"
          onClick={() => void navigate(paths.questionSend({ ProjectId: projectId }))}
        >
          我要提问
        </Button>
        <Button
          color="primary"
          fill="outline"
          onClick={() => void navigate(paths.questionMy({ ProjectId: projectId }))}
        >
          我的提问
        </Button>
      </div>
      <PagedList
        query={query}
        label="咨询问答"
        itemKey={(q) => q.QuestionId}
        renderItem={(q) => <QaCard question={q} />}
        emptyTitle="暂无公开的问答，有疑问可以直接提问"
      />
    </div>
  );
}
