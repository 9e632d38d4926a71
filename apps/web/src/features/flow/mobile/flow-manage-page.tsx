import {
  APPLY_STATUS_TEXT,
  FLOW_STEP_KEYS,
  PROJECT_STATE_TEXT,
  type FlowView,
  type ProjectDetail,
} from '@portal/contracts';
import { Button, Dialog, NoticeBar, Toast } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { isId } from '../../../shared/id';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { sanitizeHtml } from '../../../shared/safe-html';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { applyWindowText, examTimeText } from '../../project';
import { useFlowManage } from '../use-flow-manage';
import { CHANGE_POSITION_TEXT, useChangePosition } from '../use-change-position';
import { useWithdraw, WITHDRAW_CONFIRM, withdrawConfirmText } from '../use-withdraw';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';
import { ChangePositionList } from './change-position-list';
import { NextStepForm } from '../components/next-step-form';

const STEP_TITLES: Record<(typeof FLOW_STEP_KEYS)[number], string> = {
  apply: '报名',
  review: '审核',
  pay: '缴费',
  print: '打印准考证',
  exam: '考试',
  result: '结果',
};

function FlowSteps({ flow }: { flow: FlowView | undefined }) {
  const steps =
    flow?.Steps ??
    FLOW_STEP_KEYS.map((Key) => ({
      Key,
      Title: STEP_TITLES[Key],
      State: 'waiting' as const,
      Description: '',
    }));
  const current = steps.findIndex((s) => s.State === 'current' || s.State === 'failed');
  return (
    <section className="m-section" aria-labelledby="flow-steps-title">
      <h2 className="m-section__title" id="flow-steps-title">
        报名进度
        {flow?.Apply ? (
          <span className={`state-tag state-tag--${flow.Apply.Status} flow-page__status`}>
            {APPLY_STATUS_TEXT[flow.Apply.Status]}
          </span>
        ) : null}
      </h2>
      <ol className="flow-steps">
        {steps.map((step, index) => (
          <li
            key={step.Key}
            className={`flow-steps__item flow-steps__item--${step.State}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="flow-steps__dot" aria-hidden="true">
              {step.State === 'done' ? '✓' : step.State === 'failed' ? '!' : index + 1}
            </span>
            <span className="flow-steps__title">{step.Title}</span>
            <span className="visually-hidden">
              {
                {
                  done: '已完成',
                  current: '进行中',
                  waiting: '未开始',
                  failed: '未通过',
                  skipped: '无需办理',
                }[step.State]
              }
            </span>
          </li>
        ))}
      </ol>
      {current >= 0 && steps[current]?.Description ? (
        <p className="flow-steps__hint">{steps[current]?.Description}</p>
      ) : null}
    </section>
  );
}

function ProjectHeader({
  project,
  onFollow,
  following,
}: {
  project: ProjectDetail;
  onFollow: () => void;
  following: boolean;
}) {
  return (
    <section className="m-section flow-page__head">
      <div className="project-card__head">
        <h2 className="flow-page__title">{project.Title}</h2>
        <span className={`state-tag state-tag--${project.State}`}>
          {PROJECT_STATE_TEXT[project.State]}
        </span>
      </div>
      <dl className="flow-page__facts">
        <dt>主办单位</dt>
        <dd>{project.Organizer}</dd>
        <dt>报名时间</dt>
        <dd>{applyWindowText(project)}</dd>
        {project.ExamStartTime ? (
          <>
            <dt>考试时间</dt>
            <dd>{examTimeText(project)}</dd>
          </>
        ) : null}
        <dt>报名费</dt>
        <dd className={project.FeeInFen === 0 ? 'fee fee--free' : 'fee'}>
          {formatFee(project.FeeInFen)}
        </dd>
      </dl>
      <Button
        className="flow-page__follow"
        size="small"
        fill="outline"
        color={project.IsFollow ? 'default' : 'primary'}
        aria-pressed={project.IsFollow}
        loading={following}
        loadingText={BUSY_TEXT}
        onClick={onFollow}
      >
        {project.IsFollow ? '已收藏' : '收藏'}
      </Button>
    </section>
  );
}

/** flowManage: the project's page and the candidate's place in its flow, with the one next action. */
export default function FlowManagePage() {
  const [params] = useSearchParams();
  const projectId = Number(params.get('ProjectId'));
  const navigate = useNavigate();
  const {
    signedIn,
    project,
    flow,
    notices,
    questions,
    follow,
    next,
    ticketLink,
    receiptLinks,
    returnedRemark,
    signIn,
  } = useFlowManage(projectId);
  const withdraw = useWithdraw(flow.data?.Apply);
  const changing = params.get('Change') === '1';
  const backToProject = () => void navigate(paths.flowManage({ ProjectId: projectId }));
  const change = useChangePosition(flow.data?.Apply, () => {
    Toast.show({ icon: 'success', content: CHANGE_POSITION_TEXT.done });
    void navigate(paths.flowManage({ ProjectId: projectId }), { replace: true });
  });

  if (!isId(projectId)) {
    return (
      <LoadFailed
        title="没有指定项目"
        description="请从项目列表进入"
        actionText="去项目列表"
        onRetry={() => void navigate(paths.projectList())}
      />
    );
  }
  if (project.isError) return <LoadFailed onRetry={() => void project.refetch()} />;
  if (project.isPending || !next) return <LoadingSkeleton rows={4} label="正在加载项目" />;
  const detail = project.data;
  const apply = flow.data?.Apply;

  if (changing) {
    if (signedIn && flow.isError) return <LoadFailed onRetry={() => void flow.refetch()} />;
    if (signedIn && flow.isPending) return <LoadingSkeleton label="正在加载报名信息" />;
    return apply ? (
      <ChangePositionList apply={apply} project={detail} change={change} onBack={backToProject} />
    ) : (
      <LoadFailed
        title="没有找到您在本项目的报名"
        description="请返回项目页查看"
        actionText="返回项目页"
        onRetry={backToProject}
      />
    );
  }

  const onNext = () => {
    if (next.kind === 'sign-in') return signIn();
    if (next.kind === 'go') return void navigate(next.to);
  };

  return (
    <div className="flow-page">
      <ProjectHeader
        project={detail}
        onFollow={() => follow.toggle(detail.IsFollow)}
        following={follow.pending}
      />
      {signedIn && flow.isError ? (
        <LoadFailed title="报名进度加载失败" onRetry={() => void flow.refetch()} />
      ) : (
        <FlowSteps flow={flow.data} />
      )}
      {receiptLinks.length > 0 ? (
        <section className="m-section" aria-labelledby="receipts-title">
          <h2 className="m-section__title" id="receipts-title">
            提交回执
          </h2>
          <ul className="plain-list">
            {receiptLinks.map((link) => (
              <li key={link.to}>
                <Link className="plain-list__link" to={link.to}>
                  <span>查看{link.label}（平台签名，可扫码核验）</span>
                  <span aria-hidden="true">›</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {returnedRemark ? (
        <NoticeBar color="alert" wrap content={`审核意见：${returnedRemark}`} />
      ) : null}
      {apply && apply.Status !== 'Withdrawn' ? (
        <section className="m-section flow-page__mine" aria-label="我的报名">
          <p className="flow-page__position">报考岗位：{apply.PositionName}</p>
          {change.canChange ? (
            <Button
              size="small"
              fill="outline"
              color="primary"
              onClick={() => void navigate(paths.flowManage({ ProjectId: projectId, Change: 1 }))}
            >
              {CHANGE_POSITION_TEXT.action}
            </Button>
          ) : null}
          {withdraw.canWithdraw ? (
            <Button
              size="small"
              fill="outline"
              color="danger"
              aria-haspopup="dialog"
              loading={withdraw.submitting}
              loadingText={BUSY_TEXT}
              onClick={withdraw.ask}
            >
              撤回报名
            </Button>
          ) : null}
          {withdraw.refundFirst ? (
            <p className="muted">
              {withdraw.refundFirst.text}
              <Link to={withdraw.refundFirst.to}>去我的订单</Link>
            </p>
          ) : null}
        </section>
      ) : null}
      {flow.data?.Apply ? (
        <Dialog
          visible={withdraw.confirming}
          title={WITHDRAW_CONFIRM.title}
          content={withdrawConfirmText(flow.data.Apply, detail)}
          closeOnAction={false}
          destroyOnClose
          onClose={withdraw.dismiss}
          actions={[
            [
              { key: 'cancel', text: WITHDRAW_CONFIRM.cancel, onClick: withdraw.dismiss },
              {
                key: 'confirm',
                text: withdraw.submitting ? '正在提交…' : WITHDRAW_CONFIRM.confirm,
                bold: true,
                danger: true,
                disabled: withdraw.submitting,
                onClick: () => void withdraw.confirm(),
              },
            ],
          ]}
        />
      ) : null}
      <section className="m-section" aria-labelledby="intro-title">
        <h2 className="m-section__title" id="intro-title">
          项目介绍
        </h2>
        <div
          className="rich-text"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(detail.Introduction) }}
        />
      </section>
      <section className="m-section" aria-labelledby="notice-title">
        <h2 className="m-section__title" id="notice-title">
          项目公告
        </h2>
        {notices.data && notices.data.Items.length > 0 ? (
          <ul className="plain-list">
            {notices.data.Items.map((n) => (
              <li key={n.NoticeId}>
                <Link
                  className="plain-list__link"
                  to={paths.noticeDetail({ NoticeId: n.NoticeId })}
                >
                  <span>{n.Title}</span>
                  <time className="plain-list__time">
                    {formatDate(n.PublishTime, 'YYYY-MM-DD')}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{notices.isPending ? '正在加载…' : '暂无公告'}</p>
        )}
      </section>
      <section className="m-section" aria-labelledby="position-title">
        <h2 className="m-section__title" id="position-title">
          报考岗位
        </h2>
        <Link className="plain-list__link" to={paths.position({ ProjectId: projectId })}>
          <span>共 {detail.PositionCount} 个岗位，查看岗位要求与招录人数</span>
          <span aria-hidden="true">›</span>
        </Link>
      </section>
      <section className="m-section" aria-labelledby="question-title">
        <h2 className="m-section__title" id="question-title">
          咨询问答
        </h2>
        {questions.data && questions.data.Items.length > 0 ? (
          <ul className="plain-list">
            {questions.data.Items.map((q) => (
              <li key={q.QuestionId} className="qa">
                <p className="qa__q">问：{q.Content}</p>
                <p className="qa__a">{q.Answer ? `答：${q.Answer}` : '等待回复'}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{questions.isPending ? '正在加载…' : '暂无问答'}</p>
        )}
        <Link className="plain-list__link" to={paths.question({ ProjectId: projectId })}>
          <span>查看全部问答或提问</span>
          <span aria-hidden="true">›</span>
        </Link>
      </section>
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        {ticketLink ? (
          <Button block fill="outline" color="primary" onClick={() => void navigate(ticketLink.to)}>
            {ticketLink.label}
          </Button>
        ) : null}
        <NextStepForm next={next} onNext={onNext}>
          <Button block type="submit" color="primary" disabled={next.kind === 'wait'}>
            {next.label}
          </Button>
        </NextStepForm>
      </div>
    </div>
  );
}
