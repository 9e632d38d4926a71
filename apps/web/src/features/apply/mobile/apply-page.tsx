import {
  APPLY_STATUS_TEXT,
  isFieldVisible,
  MODIFIABLE_APPLY_STATUSES,
  validateFormValues,
  type FieldValue,
  type FormField,
  type FormValues,
} from '@portal/contracts';
import { Button, NoticeBar, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError, paths, runtimeConfig } from '../../../platform';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useApplyArchive, useSaveApplyArchive } from '../../account';
import { useSubmitApply } from '../api/apply';
import { useApplyForm } from '../api/get-form';
import { fieldDomId, FormFieldRow } from './form-field';
import { clearDraft, readDraft, writeDraft } from '../draft';

/** Only the form's own fields, from whatever source pre-fills it. */
function pick(fields: FormField[], values: FormValues | null | undefined): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = values?.[f.FieldId];
    if (v !== undefined) out[f.FieldId] = v;
  }
  return out;
}

function focusField(fieldId: string | undefined) {
  if (!fieldId) return;
  const element = document.getElementById(fieldDomId(fieldId));
  element?.focus();
  element?.scrollIntoView?.({ block: 'center' });
}

/** apply: the project's form rendered from its field schema; Apply, or ModifyApply when returned. */
export default function ApplyPage() {
  const [params] = useSearchParams();
  const projectId = idParam(params.get('ProjectId')) ?? 0;
  const navigate = useNavigate();
  const form = useApplyForm(projectId);
  const archive = useApplyArchive(form.isSuccess);
  const submit = useSubmitApply();
  const saveArchive = useSaveApplyArchive();
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const fields = form.data?.Form.Fields ?? [];
  // Pre-fill once: a draft typed here, else the application's own values, else the apply archive.
  useEffect(() => {
    if (values !== null || !form.data || archive.isPending) return;
    const draft = readDraft(projectId);
    const start = draft ?? form.data.Values ?? archive.data?.Values ?? {};
    setValues(pick(form.data.Form.Fields, start));
  }, [values, form.data, archive.isPending, archive.data, projectId]);

  if (form.isPending) return <LoadingSkeleton rows={5} label="正在加载报名表" />;
  if (form.isError) return <LoadFailed onRetry={() => void form.refetch()} />;
  const existing = form.data.Apply;
  const modifying = existing !== null && MODIFIABLE_APPLY_STATUSES.includes(existing.Status);
  if (existing && !modifying) {
    return (
      <LoadFailed
        title={`您已报名，当前状态：${APPLY_STATUS_TEXT[existing.Status]}`}
        description="报名信息当前不可修改"
        actionText="查看报名进度"
        onRetry={() => void navigate(paths.flowManage({ ProjectId: projectId }))}
      />
    );
  }
  const positionId = idParam(params.get('PositionId')) ?? existing?.PositionId;
  if (!positionId) {
    return (
      <LoadFailed
        title="请先选择报考岗位"
        description="报名前需要选择一个岗位"
        actionText="选择岗位"
        onRetry={() => void navigate(paths.position({ ProjectId: projectId }))}
      />
    );
  }
  if (values === null) return <LoadingSkeleton rows={5} label="正在加载报名表" />;

  const change = (fieldId: string, value: FieldValue) => {
    const next = { ...values, [fieldId]: value };
    setValues(next);
    writeDraft(projectId, next);
    if (errors[fieldId]) setErrors(({ [fieldId]: _gone, ...rest }) => rest);
  };
  const visible = fields.filter((f) => isFieldVisible(f, values));
  const sent = pick(visible, values);

  const onSubmit = () => {
    if (submit.isPending) return;
    const found = validateFormValues(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(visible.find((f) => found[f.FieldId])?.FieldId);
      return;
    }
    submit.mutate(
      modifying
        ? { kind: 'modify', body: { ApplyId: existing.ApplyId, Values: sent } }
        : { kind: 'apply', body: { ProjectId: projectId, PositionId: positionId, Values: sent } },
      {
        onSuccess: () => {
          clearDraft(projectId);
          Toast.show({ icon: 'success', content: modifying ? '修改已提交' : '报名成功' });
          void navigate(paths.flowManage({ ProjectId: projectId }), { replace: true });
        },
        onError: (error) => {
          // §8 has shown ErrMsg; every typed value stays, and the fields named are marked.
          if (error instanceof HttpError && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
            focusField(visible.find((f) => error.fieldErrors[f.FieldId])?.FieldId);
          }
        },
      },
    );
  };

  return (
    <form
      className="apply-page"
      noValidate
      aria-label={form.data.Form.Title}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 className="apply-page__title">{form.data.Form.Title}</h2>
      {modifying && existing.ReviewRemark ? (
        <NoticeBar color="alert" wrap content={`审核意见：${existing.ReviewRemark}`} />
      ) : null}
      <div className="apply-page__fields">
        {visible.map((field) => (
          <FormFieldRow
            key={field.FieldId}
            field={field}
            value={values[field.FieldId]}
            error={errors[field.FieldId]}
            regions={runtimeConfig().RegionData}
            onChange={(value) => change(field.FieldId, value)}
          />
        ))}
      </div>
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button
          fill="outline"
          color="primary"
          loading={saveArchive.isPending}
          onClick={() =>
            saveArchive.mutate(
              { Values: sent },
              { onSuccess: () => Toast.show({ icon: 'success', content: '已保存为报名档案' }) },
            )
          }
        >
          保存为报名档案
        </Button>
        <Button
          type="submit"
          color="primary"
          loading={submit.isPending}
          disabled={submit.isPending}
        >
          {modifying ? '提交修改' : '提交报名'}
        </Button>
      </div>
    </form>
  );
}
