import {
  APPLY_STATUS_TEXT,
  PROJECT_STATE_TEXT,
  type ApplyStatus,
  type FlowView,
} from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Empty,
  List,
  Result,
  Segmented,
  Skeleton,
  Steps,
  Table,
  Tabs,
} from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { isId } from '../../../shared/id';
import { formatFee } from '../../../shared/money';
import { sanitizeHtml } from '../../../shared/safe-html';
import { FLOW_STEP_STATUS, TicketView } from '../../flow';
import { leavePreview, previewLoginName } from '../api/preview-session';
import {
  usePreviewFlow,
  usePreviewForm,
  usePreviewNotices,
  usePreviewPositions,
  usePreviewProject,
} from '../api/preview-queries';
import { useDownloadPreviewPdf, usePreviewTicket } from '../api/preview-ticket';
import {
  NEXT_ACTION_TEXT,
  PREVIEW_BANNER,
  PREVIEW_STATUSES,
  PREVIEW_STEPS,
  previewPath,
  previewStepOf,
  type PreviewStep,
} from '../preview-steps';
import { PreviewForm } from './preview-form';
import { ProjectChooser } from './project-chooser';
import './preview.css';
import { quotaText } from '../../project';

/** Loading, error with retry, or the content: every step shows its own state. */
function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title="加载失败"
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>重新加载</Button>}
      />
    );
  return <>{children(query.data)}</>;
}

function NoticeStep({ projectId }: { projectId: number }) {
  return (
    <QueryState query={usePreviewNotices(projectId)}>
      {(notices) =>
        notices.Items.length === 0 ? (
          <Empty description="该项目还没有公告：考生将看不到任何公告" />
        ) : (
          <List
            itemLayout="vertical"
            dataSource={notices.Items}
            renderItem={(notice) => (
              <List.Item key={notice.NoticeId}>
                <h3 className="flow-preview__item-title">{notice.Title}</h3>
                <p className="flow-preview__meta">发布时间：{formatDate(notice.PublishTime)}</p>
                <div
                  className="flow-preview__rich"
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.Content) }}
                />
              </List.Item>
            )}
          />
        )
      }
    </QueryState>
  );
}

function ProjectStep({ projectId }: { projectId: number }) {
  const positions = usePreviewPositions(projectId);
  return (
    <QueryState query={usePreviewProject(projectId)}>
      {(project) => (
        <>
          <Descriptions
            bordered
            column={2}
            size="middle"
            items={[
              { label: '主办单位', children: project.Organizer },
              { label: '项目状态', children: PROJECT_STATE_TEXT[project.State] },
              {
                label: '报名时间',
                children: `${formatDate(project.ApplyStartTime)} 至 ${formatDate(project.ApplyEndTime)}`,
              },
              { label: '报名费', children: formatFee(project.FeeInFen) },
              {
                label: '考试时间',
                children: project.ExamStartTime
                  ? `${formatDate(project.ExamStartTime)} 至 ${formatDate(project.ExamEndTime)}`
                  : '另行通知',
              },
              { label: '咨询电话', children: project.ContactPhone || '—' },
            ]}
          />
          <h3 className="flow-preview__section">项目介绍</h3>
          <div
            className="flow-preview__rich"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(project.Introduction) }}
          />
          <h3 className="flow-preview__section">招录岗位（{project.PositionCount}）</h3>
          <Table
            rowKey="PositionId"
            size="small"
            pagination={false}
            loading={positions.isPending}
            dataSource={positions.data ?? []}
            locale={{ emptyText: '该项目还没有岗位：考生将无法报名' }}
            columns={[
              { title: '岗位代码', dataIndex: 'Code' },
              { title: '岗位名称', dataIndex: 'Name' },
              { title: '用人部门', dataIndex: 'Department' },
              { title: '招录人数', dataIndex: 'Quota', render: (q: number) => quotaText(q) },
              { title: '报考要求', dataIndex: 'Requirements' },
            ]}
          />
        </>
      )}
    </QueryState>
  );
}

function FormStep({ projectId }: { projectId: number }) {
  const positions = usePreviewPositions(projectId);
  return (
    <QueryState query={usePreviewForm(projectId)}>
      {(form) =>
        positions.isPending ? (
          <Skeleton active />
        ) : (
          <>
            <h3 className="flow-preview__section">{form.Form.Title}</h3>
            <PreviewForm
              // A saved entry starts a fresh form from what the server kept.
              key={form.Apply?.SubmitTime ?? 'blank'}
              projectId={projectId}
              form={form}
              positions={positions.data ?? []}
            />
          </>
        )
      }
    </QueryState>
  );
}

function FlowSteps({ flow }: { flow: FlowView }) {
  return (
    <>
      <Steps
        className="flow-preview__steps"
        titlePlacement="vertical"
        size="small"
        items={flow.Steps.map((step) => ({
          title: step.State === 'skipped' ? `${step.Title}（不需要）` : step.Title,
          description: step.Description,
          status: FLOW_STEP_STATUS[step.State],
        }))}
      />
      <p className="flow-preview__next">
        考生此时的下一步：<strong>{NEXT_ACTION_TEXT[flow.NextAction]}</strong>
        {flow.Apply?.ReviewRemark ? `（审核意见：${flow.Apply.ReviewRemark}）` : ''}
      </p>
    </>
  );
}

function ApplyStep({
  projectId,
  status,
  onStatus,
}: {
  projectId: number;
  status: ApplyStatus | undefined;
  onStatus: (status: ApplyStatus | undefined) => void;
}) {
  return (
    <>
      <Segmented<string>
        aria-label="查看哪个报名状态"
        value={status ?? 'entry'}
        onChange={(value) => onStatus(value === 'entry' ? undefined : (value as ApplyStatus))}
        options={[
          { label: '我的测试填报', value: 'entry' },
          ...PREVIEW_STATUSES.map((s) => ({ label: APPLY_STATUS_TEXT[s], value: s })),
        ]}
      />
      <QueryState query={usePreviewFlow(projectId, status)}>
        {(flow) => <FlowSteps flow={flow} />}
      </QueryState>
    </>
  );
}

function TicketStep({ projectId }: { projectId: number }) {
  const download = useDownloadPreviewPdf();
  return (
    <QueryState query={usePreviewTicket(projectId)}>
      {(ticket) => (
        <>
          <div className="flow-preview__actions">
            <Button
              type="primary"
              loading={download.isPending}
              onClick={() => download.mutate({ Html: ticket.Html, FileName: '准考证（样例）' })}
            >
              下载准考证PDF（样例）
            </Button>
          </div>
          <TicketView html={ticket.Html} label="准考证（样例）" />
        </>
      )}
    </QueryState>
  );
}

/**
 * /views/flowPreview?ProjectId=…: a reviewer sees a project exactly as a candidate will, step by
 * step, with the same step in the mobile layout in a phone frame beside it.
 */
export default function FlowPreviewPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const projectId = Number(search.get('ProjectId'));
  const step = previewStepOf(search.get('Step'));
  const status = (search.get('Status') as ApplyStatus | null) ?? undefined;
  const loginName = previewLoginName();
  const project = usePreviewProject(loginName ? projectId : NaN);

  useEffect(() => {
    if (!loginName) {
      const here = `${window.location.pathname}${window.location.search}`;
      void navigate(paths.flowPreviewLogin({ redirect: here }), { replace: true });
    }
  }, [loginName, navigate]);
  if (!loginName) return null;

  const go = (next: PreviewStep, nextStatus?: ApplyStatus) =>
    setSearch(
      new URLSearchParams(previewPath(projectId, next, { status: nextStatus }).split('?')[1]),
    );

  const content: Record<PreviewStep, ReactNode> = {
    notice: <NoticeStep projectId={projectId} />,
    project: <ProjectStep projectId={projectId} />,
    form: <FormStep projectId={projectId} />,
    apply: <ApplyStep projectId={projectId} status={status} onStatus={(s) => go('apply', s)} />,
    ticket: <TicketStep projectId={projectId} />,
  };

  return (
    <div className="flow-preview">
      <div className="flow-preview__banner" role="status">
        {PREVIEW_BANNER}
      </div>
      <header className="flow-preview__header">
        <div>
          <h2 className="flow-preview__title">
            {project.data?.Title ?? (isId(projectId) ? '加载中…' : '选择要预览的项目')}
          </h2>
          <p className="flow-preview__meta">审核员：{loginName}</p>
        </div>
        <Button
          onClick={() =>
            void leavePreview().then(() => navigate(paths.flowPreviewLogin(), { replace: true }))
          }
        >
          退出预览
        </Button>
      </header>
      {!isId(projectId) ? (
        <ProjectChooser />
      ) : (
        <div className="flow-preview__body">
          <section className="flow-preview__desktop" aria-label="电脑端预览">
            <Tabs
              activeKey={step}
              onChange={(key) => go(key as PreviewStep)}
              items={PREVIEW_STEPS.map((s) => ({ key: s.key, label: s.title }))}
            />
            {content[step]}
          </section>
          <aside className="flow-preview__phone" aria-label="手机端预览">
            <p className="flow-preview__phone-caption">手机端（多数考生看到的样子）</p>
            <iframe
              key={`${step}-${status ?? ''}`}
              className="flow-preview__phone-frame"
              title={`手机端预览：${PREVIEW_STEPS.find((s) => s.key === step)!.title}`}
              src={previewPath(projectId, step, { frame: 'mobile', status })}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
