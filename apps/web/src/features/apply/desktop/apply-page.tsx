import '../../../shared/ui/desktop/page.css';
import { APPLY_STATUS_TEXT, type FieldValue, type FormField } from '@portal/contracts';
import { Alert, Button, Form, message, Result, Select, Skeleton } from 'antd';
import { memo } from 'react';
import { Controller, type ControllerRenderProps, type FieldValues } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { idParam } from '../../../shared/id';
import { quotaText, useProjectPositions } from '../../project';
import { GUARDIAN_FIELD, GuardianConsent } from '../guardian-consent';
import { DraftSaved } from '../draft-saved';
import { SensitiveConsent } from '../sensitive-consent';
import { SENSITIVE_CONSENT_FIELD, useApplyForm } from '../use-apply-form';
import { useFileUpload } from '../use-file-upload';
import { ApplyFieldInput, applyFieldDomId, applyFieldHint } from './apply-field-input';

function focusField(fieldId: string) {
  const element = document.getElementById(applyFieldDomId(fieldId));
  element?.focus();
  element?.scrollIntoView?.({ block: 'center' });
}

/**
 * One field with its upload (a photo becomes a JPEG, then Common/Upload) and its message. Memoised:
 * a keystroke re-renders the form, and only the field typed into renders again (react-hook-form
 * keeps an untouched field's control the same object).
 */
const ApplyField = memo(function ApplyField({
  field,
  control,
  error,
}: {
  field: FormField;
  control: ControllerRenderProps<FieldValues, string>;
  error: string | undefined;
}) {
  const upload = useFileUpload(field, control.onChange);
  const message = error ?? (upload.problem || undefined);
  return (
    <Form.Item
      label={field.Label}
      required={field.Required}
      htmlFor={applyFieldDomId(field.FieldId)}
      validateStatus={message ? 'error' : undefined}
      help={message}
      extra={applyFieldHint(field)}
    >
      <ApplyFieldInput
        field={field}
        value={control.value as FieldValue | undefined}
        invalid={Boolean(message)}
        onChange={control.onChange}
        onPickFile={(file) => void upload.choose(file)}
        fileBusy={upload.uploading}
      />
    </Form.Item>
  );
});

/** apply on a PC: the project's form with its position; Apply, or ModifyApply when returned. */
export default function ApplyPage() {
  const [params, setParams] = useSearchParams();
  const projectId = idParam(params.get('ProjectId')) ?? 0;
  const navigate = useNavigate();
  const positions = useProjectPositions(projectId);
  // The position chosen lives in the address, so a reload keeps it.
  const chosen = idParam(params.get('PositionId'));
  const setChosen = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('PositionId', String(next));
    setParams(nextParams, { replace: true });
  };
  const apply = useApplyForm({
    projectId,
    positionId: chosen,
    focus: focusField,
    onSubmitted: (kind) => {
      void message.success(kind === 'modify' ? '修改已提交，等待审核' : '报名成功，等待审核');
      void navigate(paths.flowManage({ ProjectId: projectId }), { replace: true });
    },
    onArchiveSaved: () => void message.success('已保存为报名档案，下次报名可自动填写'),
  });
  const { status, definition, existing, modifying, form, visible } = apply;
  const back = () => void navigate(paths.flowManage({ ProjectId: projectId }));

  if (status === 'error')
    return (
      <Result
        status="warning"
        title="报名表加载失败"
        extra={<Button onClick={() => void apply.query.refetch()}>重新加载</Button>}
      />
    );
  if (status === 'applied' && existing)
    return (
      <Result
        status="info"
        title={`您已报名，当前状态：${APPLY_STATUS_TEXT[existing.Status]}`}
        subTitle="报名信息当前不可修改"
        extra={
          <Button type="primary" onClick={back}>
            查看报名进度
          </Button>
        }
      />
    );
  if (!definition) return <Skeleton active paragraph={{ rows: 10 }} />;
  // Known but not yet filled (from the draft this browser keeps): the title, the fields to come.
  if (status === 'loading')
    return (
      <section className="d-page" aria-labelledby="apply-title">
        <h2 className="d-page__title" id="apply-title">
          {definition.Title}
        </h2>
        <Skeleton active paragraph={{ rows: 10 }} />
      </section>
    );

  return (
    <section className="d-page" aria-labelledby="apply-title">
      <h2 className="d-page__title" id="apply-title">
        {definition.Title}
      </h2>
      {modifying && existing?.ReviewRemark ? (
        <Alert
          type="warning"
          showIcon
          title={`审核意见：${existing.ReviewRemark}`}
          description="请按审核意见修改后重新提交"
        />
      ) : null}
      <Form layout="vertical" component="div">
        <form noValidate aria-labelledby="apply-title" onSubmit={(e) => void apply.submit(e)}>
          <Form.Item
            label="报考岗位"
            required
            htmlFor={applyFieldDomId('PositionId')}
            extra={status === 'no-position' ? '请先选择报考岗位，再填写报名表' : undefined}
          >
            <Select
              id={applyFieldDomId('PositionId')}
              value={apply.positionId}
              disabled={modifying}
              placeholder="请选择报考岗位"
              loading={positions.isPending}
              onChange={(next: number) => setChosen(next)}
              options={(positions.data ?? []).map((p) => ({
                value: p.PositionId,
                label: `${p.Name}（${p.Code}）· ${p.Department} · 招录${quotaText(p.Quota)}`,
              }))}
            />
          </Form.Item>
          {status === 'ready'
            ? visible.map((field) => (
                <Controller
                  key={field.FieldId}
                  name={field.FieldId}
                  control={form.control}
                  render={({ field: control, fieldState }) => (
                    <ApplyField
                      field={field}
                      control={control as ControllerRenderProps<FieldValues, string>}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              ))
            : null}
          {status === 'ready' && apply.consent ? (
            <SensitiveConsent
              inputId={applyFieldDomId(SENSITIVE_CONSENT_FIELD)}
              consent={apply.consent}
            />
          ) : null}
          {status === 'ready' && apply.guardian ? (
            <GuardianConsent
              idOf={(key) => applyFieldDomId(`${GUARDIAN_FIELD}-${key}`)}
              guardian={apply.guardian}
            />
          ) : null}
          {form.serverError ? <Alert type="error" showIcon title={form.serverError} /> : null}
          <DraftSaved savedAt={apply.draftSavedAt} />
          <div className="d-page__actions">
            <Button
              type="primary"
              htmlType="submit"
              loading={apply.submitting}
              disabled={apply.submitting || status !== 'ready'}
            >
              {modifying ? '提交修改' : '提交报名'}
            </Button>
            <Button
              loading={apply.savingArchive}
              disabled={status !== 'ready'}
              onClick={apply.saveAsArchive}
            >
              保存为报名档案
            </Button>
            <Button onClick={back}>返回项目</Button>
          </div>
        </form>
      </Form>
    </section>
  );
}
