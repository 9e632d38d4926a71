import './question.css';
import { Button } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, sendToSignIn, useSessionStore } from '../../../platform';
import { idParam } from '../../../shared/id';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { EmptyState } from '../../../shared/ui/mobile/query-states';
import { useMyQuestions } from '../api/get-project-user-ask';
import { QaCard } from '../components/qa-card';

/** home/questionMy (optional ?ProjectId=): the questions I asked, with the answer or 待回复. */
export default function QuestionMyPage() {
  const [params] = useSearchParams();
  const projectId = idParam(params.get('ProjectId'));
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const navigate = useNavigate();
  const query = useMyQuestions(projectId, signedIn);

  if (!signedIn) {
    return (
      <EmptyState
        title="登录后查看我的提问"
        action={
          <Button block color="primary" onClick={() => sendToSignIn()}>
            去登录
          </Button>
        }
      />
    );
  }
  return (
    <PagedList
      query={query}
      label="我的提问"
      itemKey={(q) => q.QuestionId}
      renderItem={(q) => (
        <QaCard
          question={q}
          extra={
            projectId ? null : (
              <Link className="qa-card__project" to={paths.flowManage({ ProjectId: q.ProjectId })}>
                查看项目 ›
              </Link>
            )
          }
        />
      )}
      emptyTitle="还没有提过问题"
      emptyAction={
        projectId ? (
          <Button
            block
            color="primary"
            onClick={() => void navigate(paths.questionSend({ ProjectId: projectId }))}
          >
            去提问
          </Button>
        ) : undefined
      }
    />
  );
}
