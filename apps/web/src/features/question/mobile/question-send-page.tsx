import './question.css';
import { QUESTION_MAX_LENGTH } from '@portal/contracts';
import { Button, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, sendToSignIn, useSessionStore } from '../../../platform';
import { idParam } from '../../../shared/id';
import { EmptyState, LoadFailed } from '../../../shared/ui/mobile/query-states';
import { useProject } from '../../project';
import { QUESTION_RULE_TEXT } from '../question-rules';
import { useQuestionSend } from '../use-question-send';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

const FIELD_ID = 'question-content';

/** home/questionSend?ProjectId=: ask the organiser; the 5–500 character rule is stated and checked first. */
export default function QuestionSendPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = idParam(params.get('ProjectId'));
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const project = useProject(projectId ?? 0);
  const { form, submit, busy, length } = useQuestionSend({
    projectId: projectId ?? 0,
    onSent: () => {
      Toast.show({ icon: 'success', content: '提问成功，请等待回复' });
      void navigate(paths.questionMy({ ProjectId: projectId }), { replace: true });
    },
  });
  const problem = form.errorOf('Content');

  if (!projectId) {
    return (
      <LoadFailed
        title="没有指定项目"
        description="请从项目页面进入提问"
        actionText="去项目列表"
        onRetry={() => void navigate(paths.projectList())}
      />
    );
  }
  if (!signedIn) {
    return (
      <EmptyState
        title="登录后才能提问"
        action={
          <Button block color="primary" onClick={() => sendToSignIn()}>
            去登录
          </Button>
        }
      />
    );
  }

  return (
    <form
      className={problem ? 'question-send question-send--invalid' : 'question-send'}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {project.data ? <p className="question-send__rule">项目：{project.data.Title}</p> : null}
      <label className="question-send__label" htmlFor={FIELD_ID}>
        您的问题
      </label>
      <p className="question-send__rule" id={`${FIELD_ID}-rule`}>
        {QUESTION_RULE_TEXT}，主办单位回复后会显示在“我的提问”中。
      </p>
      <textarea
        id={FIELD_ID}
        className="question-send__input"
        {...form.register('Content')}
        placeholder="例如：非应届毕业生可以报考吗？"
        rows={6}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${FIELD_ID}-rule ${FIELD_ID}-error` : `${FIELD_ID}-rule`}
      />
      <p className="question-send__count">
        {length}/{QUESTION_MAX_LENGTH}
      </p>
      {problem ? (
        <p className="field-error" id={`${FIELD_ID}-error`} role="alert">
          {problem}
        </p>
      ) : null}
      <Button
        className="question-send__submit"
        block
        color="primary"
        type="submit"
        loading={busy}
        loadingText={BUSY_TEXT}
        disabled={busy}
      >
        提交问题
      </Button>
    </form>
  );
}
