import {
  PROJECT_STATE_TEXT,
  type ApplySummary,
  type FlowView,
  type ProjectDetail,
} from '@portal/contracts';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Input,
  List,
  message,
  Modal,
  Radio,
  Result,
  Skeleton,
  Steps,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { formatFee } from '../../../shared/money';
import { sanitizeHtml } from '../../../shared/safe-html';
import { useFormReport } from '../../apply';
import {
  applyWindowText,
  examTimeText,
  PROJECT_STATE_COLOR,
  quotaText,
  useProjectPositions,
} from '../../project';
import { QaCard, QUESTION_RULE_TEXT, useMyQuestions, useQuestionSend } from '../../question';
import { FLOW_STEP_STATUS } from '../flow-step-status';
import { useFlowManage } from '../use-flow-manage';
import { NextStepForm } from '../components/next-step-form';
import {
  CHANGE_POSITION_TEXT,
  changePositionConfirmText,
  useChangePosition,
  type ChangePosition,
} from '../use-change-position';
import { useWithdraw, WITHDRAW_CONFIRM, withdrawConfirmText } from '../use-withdraw';
import './flow-desktop.css';

/** The six steps of the person's place in the flow (skipped ones said so). */
export function FlowStepsBar({ flow }: { flow: FlowView }) {
  return (
    <Steps
      className="d-flow__steps"
      titlePlacement="vertical"
      size="small"
      items={flow.Steps.map((step) => ({
        title: step.State === 'skipped' ? `${step.Title}（无需）` : step.Title,
        description: step.Description,
        status: FLOW_STEP_STATUS[step.State],
      }))}
    />
  );
}

/**
 * The desktop's 改报: the project's other positions to pick from, and what changing means under
 * the pick; 确认更换 once one is chosen.
 */
function ChangePositionModal({
  open,
  apply,
  project,
  positions,
  change,
  onClose,
}: {
  open: boolean;
  apply: ApplySummary;
  project: ProjectDetail;
  positions: ReturnType<typeof useProjectPositions>;
  change: ChangePosition;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={CHANGE_POSITION_TEXT.title}
      width={640}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={change.submitting}>
          {CHANGE_POSITION_TEXT.cancel}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          disabled={!change.target}
          loading={change.submitting}
          onClick={() => void change.confirm()}
        >
          {CHANGE_POSITION_TEXT.confirm}
        </Button>,
      ]}
    >
      <p>当前报考：{apply.PositionName}</p>
      {positions.isPending ? (
        <Skeleton active />
      ) : positions.isError ? (
        <Result
          status="warning"
          title="岗位加载失败"
          extra={<Button onClick={() => void positions.refetch()}>重新加载</Button>}
        />
      ) : (
        <Radio.Group
          className="d-flow__positions"
          aria-label={CHANGE_POSITION_TEXT.choose}
          value={change.target?.id ?? apply.PositionId}
          onChange={(e) => {
            const picked = positions.data.find((p) => p.PositionId === e.target.value);
            if (picked) change.choose(picked);
          }}
          options={positions.data.map((p) => ({
            value: p.PositionId,
            disabled: p.PositionId === apply.PositionId,
            label: `${p.Name}（${p.Code}，${p.Department}）${p.PositionId === apply.PositionId ? `——${CHANGE_POSITION_TEXT.current}` : ''}`,
          }))}
        />
      )}
      <p className="d-flow__change-note" aria-live="polite">
        {change.target
          ? changePositionConfirmText(apply, project, change.target.name)
          : `${CHANGE_POSITION_TEXT.choose}；更换后报名将重新进入审核。`}
      </p>
    </Modal>
  );
}

function FormReportButton({ applyId }: { applyId: number }) {
  const [open, setOpen] = useState(false);
  const report = useFormReport(applyId, open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>查看报名表</Button>
      <Modal
        open={open}
        title={report.data?.Title ?? '报名表'}
        width={720}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="print" onClick={() => window.print()} disabled={!report.data}>
            打印
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            关闭
          </Button>,
        ]}
      >
        {report.isPending ? (
          <Skeleton active />
        ) : report.isError ? (
          <Result status="warning" title="报名表加载失败" />
        ) : (
          <Descriptions
            bordered
            column={1}
            size="small"
            className="d-flow__report"
            items={report.data.Items.map((item) => ({
              key: item.FieldId,
              label: item.Label,
              children: item.Display || '—',
            }))}
          />
        )}
      </Modal>
    </>
  );
}

function Questions({
  projectId,
  signedIn,
  questions,
}: {
  projectId: number;
  signedIn: boolean;
  questions: ReturnType<typeof useFlowManage>['questions'];
}) {
  const mine = useMyQuestions(projectId, signedIn);
  const [sent, setSent] = useState(false);
  const ask = useQuestionSend({
    projectId,
    onSent: () => {
      setSent(true);
      ask.form.reset({ Content: '' });
    },
  });
  const problem = ask.form.errorOf('Content');
  return (
    <div className="d-flow__qa">
      <section aria-labelledby="open-questions">
        <h3 id="open-questions">公开问答</h3>
        {questions.data?.Items.length ? (
          questions.data.Items.map((q) => <QaCard key={q.QuestionId} question={q} />)
        ) : (
          <Empty description="暂无公开问答" />
        )}
      </section>
      {signedIn ? (
        <section aria-labelledby="my-questions">
          <h3 id="my-questions">我的提问</h3>
          {mine.data?.pages.flatMap((p) => p.Items).length ? (
            mine.data.pages
              .flatMap((p) => p.Items)
              .map((q) => <QaCard key={q.QuestionId} question={q} />)
          ) : (
            <Empty description="您还没有提问" />
          )}
          <form
            className="d-flow__ask"
            noValidate
            onSubmit={(e) => {
              setSent(false);
              void ask.submit(e);
            }}
          >
            <label htmlFor="ask-content" className="d-flow__label">
              向主办方提问
            </label>
            <Controller
              name="Content"
              control={ask.form.control}
              render={({ field }) => (
                <Input.TextArea
                  {...field}
                  id="ask-content"
                  rows={3}
                  status={problem ? 'error' : undefined}
                  aria-invalid={Boolean(problem)}
                  aria-describedby="ask-hint"
                  placeholder={QUESTION_RULE_TEXT}
                />
              )}
            />
            <p id="ask-hint" className={problem ? 'd-flow__error' : 'd-flow__hint'}>
              {problem ?? `${QUESTION_RULE_TEXT}（已输入 ${ask.length} 字）`}
            </p>
            {sent ? <Alert type="success" showIcon title="提问已提交，回复后会通知您" /> : null}
            <Button type="primary" htmlType="submit" loading={ask.busy}>
              提交问题
            </Button>
          </form>
        </section>
      ) : null}
    </div>
  );
}

/**
 * flowManage on a PC: the project's own page and the person's place in its flow — introduction,
 * notices, positions, questions, the six-step bar with the one next action, follow.
 */
export default function FlowManagePage() {
  const [params] = useSearchParams();
  const projectId = idParam(params.get('ProjectId')) ?? 0;
  const navigate = useNavigate();
  const page = useFlowManage(projectId, 'desktop');
  const positions = useProjectPositions(projectId);
  const { project, flow, notices, next, follow, signedIn, ticketLink, receiptLinks } = page;
  const withdraw = useWithdraw(flow.data?.Apply);
  const [changing, setChanging] = useState(false);
  const change = useChangePosition(flow.data?.Apply, () => {
    setChanging(false);
    void message.success(CHANGE_POSITION_TEXT.done);
  });
  const closeChange = () => {
    if (change.submitting) return;
    change.dismiss();
    setChanging(false);
  };

  if (project.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (project.isError)
    return (
      <Result
        status="warning"
        title="项目加载失败"
        subTitle="项目不存在或网络异常"
        extra={<Button onClick={() => void project.refetch()}>重新加载</Button>}
      />
    );
  const detail = project.data;
  const apply = flow.data?.Apply;

  const act = () => {
    if (!next) return;
    if (next.kind === 'sign-in') page.signIn();
    else if (next.kind === 'go') void navigate(next.to);
  };

  return (
    <article className="d-flow">
      <header className="d-flow__head">
        <div>
          <h2 className="d-flow__title">{detail.Title}</h2>
          <p className="d-flow__meta">{detail.Organizer}</p>
          <div className="d-flow__tags">
            <Tag color={PROJECT_STATE_COLOR[detail.State]}>{PROJECT_STATE_TEXT[detail.State]}</Tag>
            <Tag>{formatFee(detail.FeeInFen)}</Tag>
            {detail.HasOnlineExam ? <Tag>在线考试</Tag> : null}
          </div>
        </div>
        <div className="d-flow__actions">
          <Button
            autoInsertSpace={false}
            onClick={() => follow.toggle(detail.IsFollow)}
            loading={follow.pending}
            aria-pressed={detail.IsFollow}
          >
            {detail.IsFollow ? '已收藏' : '收藏'}
          </Button>
          {apply ? <FormReportButton applyId={apply.ApplyId} /> : null}
          {ticketLink ? (
            <Button onClick={() => void navigate(ticketLink.to)}>{ticketLink.label}</Button>
          ) : null}
          {receiptLinks.map((link) => (
            <Button key={link.to} onClick={() => void navigate(link.to)}>
              {link.label}
            </Button>
          ))}
          <NextStepForm next={next} onNext={act}>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              disabled={!next || next.kind === 'wait'}
            >
              {next?.label ?? '加载中…'}
            </Button>
          </NextStepForm>
        </div>
      </header>

      <Descriptions
        className="d-flow__facts"
        bordered
        size="small"
        column={2}
        items={[
          {
            label: '报名时间',
            children: applyWindowText(detail),
          },
          { label: '报名费', children: formatFee(detail.FeeInFen) },
          {
            label: '考试时间',
            children: detail.ExamStartTime ? examTimeText(detail) : '另行通知',
          },
          { label: '咨询电话', children: detail.ContactPhone || '—' },
        ]}
      />

      {signedIn && flow.data ? (
        <section className="d-flow__progress" aria-label="我的报名进度">
          {page.returnedRemark ? (
            <Alert
              type="warning"
              showIcon
              title={`报名被退回修改：${page.returnedRemark}`}
              className="d-flow__remark"
            />
          ) : null}
          <FlowStepsBar flow={flow.data} />
          {apply && apply.Status !== 'Withdrawn' ? (
            <p className="d-flow__position">
              报考岗位：<strong>{apply.PositionName}</strong>
            </p>
          ) : null}
          {change.canChange ? (
            <Button
              className="d-flow__change"
              aria-haspopup="dialog"
              onClick={() => setChanging(true)}
            >
              {CHANGE_POSITION_TEXT.action}
            </Button>
          ) : null}
          {withdraw.canWithdraw ? (
            <Button
              danger
              className="d-flow__withdraw"
              aria-haspopup="dialog"
              loading={withdraw.submitting}
              onClick={withdraw.ask}
            >
              撤回报名
            </Button>
          ) : null}
          {withdraw.refundFirst ? (
            <p className="d-flow__withdraw-note">
              {withdraw.refundFirst.text}
              <Link to={withdraw.refundFirst.to}>去我的订单</Link>
            </p>
          ) : null}
        </section>
      ) : null}
      {apply ? (
        <ChangePositionModal
          open={changing}
          apply={apply}
          project={detail}
          positions={positions}
          change={change}
          onClose={closeChange}
        />
      ) : null}
      {apply ? (
        <Modal
          open={withdraw.confirming}
          title={WITHDRAW_CONFIRM.title}
          onCancel={withdraw.dismiss}
          footer={[
            <Button key="cancel" onClick={withdraw.dismiss} disabled={withdraw.submitting}>
              {WITHDRAW_CONFIRM.cancel}
            </Button>,
            <Button
              key="confirm"
              type="primary"
              danger
              loading={withdraw.submitting}
              onClick={() => void withdraw.confirm()}
            >
              {WITHDRAW_CONFIRM.confirm}
            </Button>,
          ]}
        >
          <p>{withdrawConfirmText(apply, detail)}</p>
        </Modal>
      ) : null}

      <Tabs
        className="d-flow__tabs"
        items={[
          {
            key: 'intro',
            label: '项目介绍',
            children: (
              <div
                className="d-flow__rich"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(detail.Introduction) }}
              />
            ),
          },
          {
            key: 'notices',
            label: '项目公告',
            children: (
              <List
                loading={notices.isPending}
                locale={{ emptyText: '暂无公告' }}
                dataSource={notices.data?.Items ?? []}
                renderItem={(n) => (
                  <List.Item key={n.NoticeId}>
                    <List.Item.Meta
                      title={n.Title}
                      description={`发布时间：${formatDate(n.PublishTime, 'YYYY-MM-DD HH:mm')}`}
                    />
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'positions',
            label: `招录岗位（${detail.PositionCount}）`,
            children: (
              <Table
                rowKey="PositionId"
                size="small"
                pagination={false}
                loading={positions.isPending}
                dataSource={positions.data ?? []}
                columns={[
                  { title: '岗位代码', dataIndex: 'Code' },
                  { title: '岗位名称', dataIndex: 'Name' },
                  { title: '用人部门', dataIndex: 'Department' },
                  { title: '招录人数', dataIndex: 'Quota', render: (q: number) => quotaText(q) },
                  { title: '已报名', dataIndex: 'ApplyCount' },
                  { title: '报考要求', dataIndex: 'Requirements' },
                ]}
              />
            ),
          },
          {
            key: 'questions',
            label: '咨询问答',
            children: (
              <Questions projectId={projectId} signedIn={signedIn} questions={page.questions} />
            ),
          },
        ]}
      />
    </article>
  );
}
