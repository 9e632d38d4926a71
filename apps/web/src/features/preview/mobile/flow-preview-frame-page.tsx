import '../../../shared/ui/mobile/mobile.css';
import {
  APPLY_STATUS_TEXT,
  PROJECT_STATE_TEXT,
  type ApplyStatus,
  type FieldValue,
  type FormField,
} from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, List, NoticeBar, Steps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { sanitizeHtml } from '../../../shared/safe-html';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { FLOW_STEP_STATUS, TicketView } from '../../flow';
import {
  usePreviewFlow,
  usePreviewForm,
  usePreviewNotices,
  usePreviewPositions,
  usePreviewProject,
} from '../api/preview-queries';
import { usePreviewTicket } from '../api/preview-ticket';
import { NEXT_ACTION_TEXT, PREVIEW_BANNER, previewStepOf } from '../preview-steps';
import './flow-preview-frame.css';
import { quotaText } from '../../project';

function MobileQuery<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingSkeleton />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

function Notices({ projectId }: { projectId: number }) {
  return (
    <MobileQuery query={usePreviewNotices(projectId)}>
      {(notices) =>
        notices.Items.length === 0 ? (
          <EmptyState title="暂无公告" />
        ) : (
          <List header="项目公告">
            {notices.Items.map((n) => (
              <List.Item key={n.NoticeId} description={formatDate(n.PublishTime, 'YYYY-MM-DD')}>
                {n.Title}
              </List.Item>
            ))}
          </List>
        )
      }
    </MobileQuery>
  );
}

function Project({ projectId }: { projectId: number }) {
  const positions = usePreviewPositions(projectId);
  return (
    <MobileQuery query={usePreviewProject(projectId)}>
      {(project) => (
        <>
          <section className="preview-frame__card">
            <h1 className="preview-frame__title">{project.Title}</h1>
            <p className="preview-frame__meta">{project.Organizer}</p>
            <span className={`state-tag state-tag--${project.State}`}>
              {PROJECT_STATE_TEXT[project.State]}
            </span>{' '}
            <span className={project.FeeInFen === 0 ? 'fee fee--free' : 'fee'}>
              {formatFee(project.FeeInFen)}
            </span>
            <p className="preview-frame__meta">
              报名时间：{formatDate(project.ApplyStartTime, 'YYYY-MM-DD HH:mm')} 至{' '}
              {formatDate(project.ApplyEndTime, 'YYYY-MM-DD HH:mm')}
            </p>
            <div
              className="preview-frame__rich"
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(project.Introduction) }}
            />
          </section>
          <List header={`招录岗位（${project.PositionCount}）`}>
            {(positions.data ?? []).map((p) => (
              <List.Item
                key={p.PositionId}
                description={`${p.Department} · 招录${quotaText(p.Quota)}`}
              >
                {p.Name}
              </List.Item>
            ))}
          </List>
          <div className="preview-frame__bar">
            <Button block color="primary" disabled>
              立即报名
            </Button>
          </div>
        </>
      )}
    </MobileQuery>
  );
}

/** How a value reads on the form: the reviewer's test entry, else what the field asks for. */
function shownValue(field: FormField, value: FieldValue | undefined): string {
  if (value === undefined || value === null || value === '') return field.Placeholder ?? '未填写';
  if (Array.isArray(value)) {
    const labels = value.map((v) => field.Options?.find((o) => o.Value === v)?.Label ?? v);
    return labels.join('、');
  }
  if (typeof value === 'object') return value.FileName;
  return field.Options?.find((o) => o.Value === value)?.Label ?? String(value);
}

function ApplyForm({ projectId }: { projectId: number }) {
  return (
    <MobileQuery query={usePreviewForm(projectId)}>
      {(form) => (
        <>
          <List header={form.Form.Title}>
            {form.Form.Fields.map((field) => (
              <List.Item
                key={field.FieldId}
                description={shownValue(field, form.Values?.[field.FieldId])}
                extra={field.Required ? '必填' : undefined}
              >
                {field.Label}
              </List.Item>
            ))}
          </List>
          <div className="preview-frame__bar">
            <Button block color="primary" disabled>
              提交报名
            </Button>
          </div>
        </>
      )}
    </MobileQuery>
  );
}

function Flow({ projectId, status }: { projectId: number; status?: ApplyStatus }) {
  return (
    <MobileQuery query={usePreviewFlow(projectId, status)}>
      {(flow) => (
        <section className="preview-frame__card">
          <h1 className="preview-frame__title">
            报名状态：{flow.Apply ? APPLY_STATUS_TEXT[flow.Apply.Status] : '未报名'}
          </h1>
          <Steps direction="vertical">
            {flow.Steps.filter((s) => s.State !== 'skipped').map((s) => (
              <Steps.Step
                key={s.Key}
                title={s.Title}
                description={s.Description}
                status={FLOW_STEP_STATUS[s.State]}
              />
            ))}
          </Steps>
          <Button block color="primary" disabled>
            {NEXT_ACTION_TEXT[flow.NextAction]}
          </Button>
        </section>
      )}
    </MobileQuery>
  );
}

function Ticket({ projectId }: { projectId: number }) {
  return (
    <MobileQuery query={usePreviewTicket(projectId)}>
      {(ticket) => (
        <div className="preview-frame__card">
          <TicketView html={ticket.Html} label="准考证（样例）" />
        </div>
      )}
    </MobileQuery>
  );
}

/** The phone frame of the flow preview: the same step in the mobile layout. */
export default function FlowPreviewFramePage() {
  const [search] = useSearchParams();
  const projectId = Number(search.get('ProjectId'));
  const status = (search.get('Status') as ApplyStatus | null) ?? undefined;
  const step = previewStepOf(search.get('Step'));
  return (
    <main className="preview-frame">
      <NoticeBar content={PREVIEW_BANNER} color="alert" />
      {step === 'notice' && <Notices projectId={projectId} />}
      {step === 'project' && <Project projectId={projectId} />}
      {step === 'form' && <ApplyForm projectId={projectId} />}
      {step === 'apply' && <Flow projectId={projectId} status={status} />}
      {step === 'ticket' && <Ticket projectId={projectId} />}
    </main>
  );
}
