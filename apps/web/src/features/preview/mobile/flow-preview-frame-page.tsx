import '../../../shared/ui/mobile/mobile.css';
import {
  APPLY_STATUS_TEXT,
  PROJECT_STATE_TEXT,
  type ApplyStatus,
  type FieldValue,
  type FormValues,
} from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, List, NoticeBar, Steps } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { runtimeConfig } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { sanitizeHtml } from '../../../shared/safe-html';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { FormFieldRow } from '../../apply';
import { TicketView } from '../../flow';
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
              <List.Item key={p.PositionId} description={`${p.Department} · 招录${p.Quota}人`}>
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

function ApplyForm({ projectId }: { projectId: number }) {
  const [typed, setTyped] = useState<FormValues>({});
  return (
    <MobileQuery query={usePreviewForm(projectId)}>
      {(form) => {
        const values = { ...(form.Values ?? {}), ...typed };
        return (
          <section className="preview-frame__card">
            <h1 className="preview-frame__title">{form.Form.Title}</h1>
            {form.Form.Fields.map((field) =>
              field.Type === 'photo' || field.Type === 'file' ? (
                <p key={field.FieldId} className="preview-frame__meta">
                  {field.Label}
                  {field.Required ? '（必填）' : ''}：考生在此上传，预览中请在电脑端表单里选择文件
                </p>
              ) : (
                <FormFieldRow
                  key={field.FieldId}
                  field={field}
                  value={values[field.FieldId]}
                  regions={runtimeConfig().RegionData}
                  onChange={(value: FieldValue) =>
                    setTyped((current) => ({ ...current, [field.FieldId]: value }))
                  }
                />
              ),
            )}
          </section>
        );
      }}
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
                status={
                  s.State === 'done'
                    ? 'finish'
                    : s.State === 'current'
                      ? 'process'
                      : s.State === 'failed'
                        ? 'error'
                        : 'wait'
                }
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
