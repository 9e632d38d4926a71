import '../../../shared/ui/desktop/page.css';
import './flow-desktop.css';
import { APPLY_STATUS_TEXT, type ApplySummary, type FlowView } from '@portal/contracts';
import { Alert, Button, Tag, Timeline } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { PagedList } from '../../../shared/ui/desktop/paged-list';
import { LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
import { useMyProjects } from '../../account';
import { useFlow } from '../api/get-apply';
import { flowNextStep, ticketLinkOf } from '../next-action';
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';

const STEP_COLOR: Record<FlowView['Steps'][number]['State'], string> = {
  done: 'green',
  current: 'blue',
  waiting: 'gray',
  failed: 'red',
  skipped: 'gray',
};
const STEP_STATE_TEXT: Record<FlowView['Steps'][number]['State'], string> = {
  done: '已完成',
  current: '进行中',
  waiting: '未开始',
  failed: '未通过',
  skipped: '无需此步',
};

/** The flow as a timeline: each step, its state and what the server says of it (the review's remark). */
function FlowTimeline({ flow }: { flow: FlowView }) {
  const remark = flow.Apply?.ReviewRemark;
  return (
    <Timeline
      className="d-myflow__timeline"
      orientation="horizontal"
      items={flow.Steps.map((step) => ({
        key: step.Key,
        color: STEP_COLOR[step.State],
        content: (
          <>
            <p className="d-myflow__step">
              {step.Title}
              <span className="d-myflow__state">（{STEP_STATE_TEXT[step.State]}）</span>
            </p>
            {step.Description ? <p className="d-myflow__text">{step.Description}</p> : null}
            {step.Key === 'review' && remark ? (
              <p className="d-myflow__remark">审核意见：{remark}</p>
            ) : null}
          </>
        ),
      }))}
    />
  );
}

/** One application: its state, its flow, the one next action and, once it exists, the ticket. */
function ApplicationFlow({ apply }: { apply: ApplySummary }) {
  const navigate = useNavigate();
  const flow = useFlow(apply.ProjectId, true);
  const titleId = `myflow-${apply.ApplyId}`;
  const next = flow.data ? flowNextStep(apply.ProjectId, flow.data, 'desktop') : undefined;
  const ticketLink = ticketLinkOf(flow.data);
  return (
    <article className="d-myflow__item" aria-labelledby={titleId}>
      <header className="d-myflow__head">
        <div>
          <h3 className="d-myflow__title" id={titleId}>
            <Link to={paths.flowManage({ ProjectId: apply.ProjectId })}>{apply.ProjectTitle}</Link>
          </h3>
          <p className="d-myflow__meta">
            报考岗位：{apply.PositionName}
            {apply.SubmitTime
              ? ` · 提交于 ${formatDate(apply.SubmitTime, 'YYYY-MM-DD HH:mm')}`
              : ''}
          </p>
        </div>
        <Tag
          color={
            apply.Status === 'Returned' || apply.Status === 'Rejected'
              ? TAG_COLOR.bad
              : TAG_COLOR.info
          }
        >
          {APPLY_STATUS_TEXT[apply.Status]}
        </Tag>
      </header>
      {flow.isPending ? (
        <LoadingBlock rows={2} label="正在加载报名流程" />
      ) : flow.isError ? (
        <LoadFailed
          title="流程加载失败"
          description="这条报名的流程暂未取到"
          onRetry={() => void flow.refetch()}
        />
      ) : (
        <>
          {apply.Status === 'Returned' && apply.ReviewRemark ? (
            <Alert
              type="warning"
              showIcon
              title="报名被退回，请按审核意见修改后重新提交"
              description={apply.ReviewRemark}
            />
          ) : null}
          <FlowTimeline flow={flow.data} />
          <div className="d-page__actions">
            {next?.kind === 'go' ? (
              <Button type="primary" onClick={() => void navigate(next.to)}>
                {next.label}
              </Button>
            ) : next ? (
              <span className="d-myflow__wait">{next.label}</span>
            ) : null}
            {ticketLink ? (
              <Button onClick={() => void navigate(ticketLink.to)}>{ticketLink.label}</Button>
            ) : null}
          </div>
        </>
      )}
    </article>
  );
}

/** my/myFlow: every application of the person, each with its flow and its next action. */
export default function MyFlowPage() {
  return (
    <section className="d-page d-myflow" aria-label="我的流程">
      <PagedList
        query={useMyProjects()}
        label="我的报名"
        className="d-myflow__list"
        itemKey={(a) => a.ApplyId}
        renderItem={(a) => <ApplicationFlow apply={a} />}
        emptyTitle="还没有报名任何项目"
        emptyAction={<Link to={paths.projectList()}>去看看项目</Link>}
      />
    </section>
  );
}
