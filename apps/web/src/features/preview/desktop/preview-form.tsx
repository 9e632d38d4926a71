import {
  formatFileSize,
  isFieldVisible,
  validateFormValues,
  type FieldValue,
  type FormField,
  type FormValues,
  type FormWithApply,
  type Position,
  type Region,
} from '@portal/contracts';
import {
  Alert,
  Button,
  Cascader,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HttpError, runtimeConfig } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { useSubmitPreviewForm } from '../api/submit-preview-form';

/** A preview never uploads: the file is checked for type and size and kept as a name only. */
export const PREVIEW_FILE_URL = 'preview:local';
const POSITION_FIELD = 'PositionId';
const fieldDomId = (fieldId: string) => `preview-field-${fieldId}`;

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}
const toOptions = (regions: Region[]): RegionOption[] =>
  regions.map((r) => ({
    value: r.Code,
    label: r.Name,
    children: r.Children?.length ? toOptions(r.Children) : undefined,
  }));

function FieldInput({
  field,
  value,
  invalid,
  onChange,
}: {
  field: FormField;
  value: FieldValue | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
}) {
  const id = fieldDomId(field.FieldId);
  const common = { id, status: invalid ? ('error' as const) : undefined, 'aria-invalid': invalid };
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const options = (field.Options ?? []).map((o) => ({ label: o.Label, value: o.Value }));
  switch (field.Type) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          rows={3}
          value={text}
          placeholder={field.Placeholder}
          maxLength={field.MaxLength}
          showCount={Boolean(field.MaxLength)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...common}
          value={typeof value === 'number' ? value : null}
          min={field.Min}
          max={field.Max}
          placeholder={field.Placeholder}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          value={text ? dayjs(text) : null}
          minDate={field.MinDate ? dayjs(field.MinDate) : undefined}
          maxDate={field.MaxDate ? dayjs(field.MaxDate) : undefined}
          placeholder={field.Placeholder ?? '请选择日期'}
          onChange={(day) => onChange(day ? formatDate(day.toDate(), 'YYYY-MM-DD') : null)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          value={text || undefined}
          options={options}
          placeholder={field.Placeholder ?? `请选择${field.Label}`}
          onChange={(next: string) => onChange(next)}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          id={id}
          aria-invalid={invalid}
          value={text}
          options={options}
          onChange={(e) => onChange(e.target.value as string)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox.Group
          aria-invalid={invalid}
          value={list}
          options={options}
          onChange={(next) => onChange(next.map(String))}
        />
      );
    case 'region':
      return (
        <Cascader
          {...common}
          value={list}
          options={toOptions(runtimeConfig().RegionData)}
          placeholder={field.Placeholder ?? '请选择省市'}
          onChange={(next) => onChange((next ?? []).map(String))}
        />
      );
    case 'photo':
    case 'file': {
      const file = value && typeof value === 'object' && !Array.isArray(value) ? value : null;
      return (
        <Upload
          accept={field.Accept?.join(',')}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(picked) => {
            onChange({
              Url: PREVIEW_FILE_URL,
              FileName: picked.name,
              Size: picked.size,
              ContentType: picked.type,
            });
            return false;
          }}
        >
          <Button id={id} danger={invalid}>
            {file ? `已选择：${file.FileName}（重新选择）` : `选择${field.Label}`}
          </Button>
        </Upload>
      );
    }
    default:
      return (
        <Input
          {...common}
          value={text}
          placeholder={field.Placeholder ?? `请输入${field.Label}`}
          maxLength={field.MaxLength}
          inputMode={field.Type === 'mobile' || field.Type === 'idcard' ? 'text' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function hintOf(field: FormField): string | undefined {
  if ((field.Type === 'photo' || field.Type === 'file') && field.MaxSizeKb)
    return [field.Hint, `不超过${formatFileSize(field.MaxSizeKb)}`].filter(Boolean).join('，');
  return field.Hint;
}

/**
 * The application form exactly as a candidate fills it — the contract's field rules before
 * sending, the server's FieldErrors on their fields after — submitted only as a test entry.
 */
export function PreviewForm({
  projectId,
  form,
  positions,
}: {
  projectId: number;
  form: FormWithApply;
  positions: Position[];
}) {
  const [values, setValues] = useState<FormValues>(form.Values ?? {});
  const [positionId, setPositionId] = useState<number | undefined>(
    form.Apply?.PositionId ?? (positions.length === 1 ? positions[0]!.PositionId : undefined),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitPreviewForm(projectId);
  const fields = form.Form.Fields.filter((f) => isFieldVisible(f, values));

  const change = (fieldId: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [fieldId]: value }));
    setErrors(({ [fieldId]: _cleared, ...rest }) => rest);
  };

  const onSubmit = () => {
    const found: Record<string, string> = validateFormValues(form.Form.Fields, values);
    if (!positionId) found[POSITION_FIELD] = '请选择报考岗位';
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(fieldDomId(first))?.focus();
      return;
    }
    submit.mutate(
      { PositionId: positionId!, Values: values },
      {
        onError: (error) => {
          if (error instanceof HttpError) setErrors(error.fieldErrors);
        },
      },
    );
  };

  return (
    <Form layout="vertical" className="preview-form" onFinish={onSubmit} noValidate>
      {form.Apply && (
        <Alert
          type="success"
          showIcon
          className="preview-form__saved"
          title={`测试填报已保存（${formatDate(form.Apply.SubmitTime ?? form.Apply.UpdateTime)}），不会产生真实报名`}
        />
      )}
      <Form.Item
        label="报考岗位"
        required
        htmlFor={fieldDomId(POSITION_FIELD)}
        validateStatus={errors[POSITION_FIELD] ? 'error' : undefined}
        help={errors[POSITION_FIELD]}
      >
        <Select
          id={fieldDomId(POSITION_FIELD)}
          value={positionId}
          placeholder="请选择报考岗位"
          options={positions.map((p) => ({ label: `${p.Name}（${p.Code}）`, value: p.PositionId }))}
          onChange={(next: number) => {
            setPositionId(next);
            setErrors(({ [POSITION_FIELD]: _cleared, ...rest }) => rest);
          }}
        />
      </Form.Item>
      {fields.map((field) => (
        <Form.Item
          key={field.FieldId}
          label={field.Label}
          required={field.Required}
          htmlFor={fieldDomId(field.FieldId)}
          validateStatus={errors[field.FieldId] ? 'error' : undefined}
          help={errors[field.FieldId]}
          extra={hintOf(field)}
        >
          <FieldInput
            field={field}
            value={values[field.FieldId]}
            invalid={Boolean(errors[field.FieldId])}
            onChange={(value) => change(field.FieldId, value)}
          />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        提交测试填报
      </Button>
    </Form>
  );
}
