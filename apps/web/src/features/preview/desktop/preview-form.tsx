import {
  previewSubmitForm,
  type FieldValue,
  type FormValues,
  type FormWithApply,
  type Position,
} from '@portal/contracts';
import { Alert, Button, Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useContractForm } from '../../../platform/forms';
import { formatDate } from '../../../shared/date';
import {
  ApplyFieldInput,
  applyFieldDomId,
  applyFieldHint,
  applyValuesSchema,
  visibleFields,
} from '../../apply';
import { useSubmitPreviewForm } from '../api/submit-preview-form';

const POSITION_FIELD = 'PositionId';
const focusField = (fieldId: string) => document.getElementById(applyFieldDomId(fieldId))?.focus();

/**
 * The application form exactly as a candidate fills it — the contract's field rules before
 * sending, the server's FieldErrors on their fields after — submitted only as a test entry.
 */
export function PreviewForm({
  projectId,
  form: definition,
  positions,
}: {
  projectId: number;
  form: FormWithApply;
  positions: Position[];
}) {
  const fields = definition.Form.Fields;
  const schema = useMemo(() => applyValuesSchema(fields), [fields]);
  const form = useContractForm(previewSubmitForm, {
    schema,
    defaultValues: definition.Values ?? {},
    fieldOf: (name) => (fields.some((f) => f.FieldId === name) ? name : undefined),
    order: fields.map((f) => f.FieldId),
    focus: focusField,
  });
  const [positionId, setPositionId] = useState<number | undefined>(
    definition.Apply?.PositionId ?? (positions.length === 1 ? positions[0]!.PositionId : undefined),
  );
  const [positionError, setPositionError] = useState<string>();
  const submitEntry = useSubmitPreviewForm(projectId);
  const visible = visibleFields(fields, form.watch() as FormValues);

  const submitValues = form.submit(async (Values) => {
    if (positionId) await submitEntry.mutateAsync({ PositionId: positionId, Values });
  });
  // The position is checked with the fields, not after them: every fault is shown at once.
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!positionId) {
      setPositionError('请选择报考岗位');
      focusField(POSITION_FIELD);
    }
    return submitValues(event);
  };

  return (
    <Form layout="vertical" component="div" className="preview-form">
      <form noValidate onSubmit={(e) => void submit(e)}>
        {definition.Apply && (
          <Alert
            type="success"
            showIcon
            className="preview-form__saved"
            title={`测试填报已保存（${formatDate(definition.Apply.SubmitTime ?? definition.Apply.UpdateTime)}），不会产生真实报名`}
          />
        )}
        {form.serverError ? <Alert type="error" showIcon title={form.serverError} /> : null}
        <Form.Item
          label="报考岗位"
          required
          htmlFor={applyFieldDomId(POSITION_FIELD)}
          validateStatus={positionError ? 'error' : undefined}
          help={positionError}
        >
          <Select
            id={applyFieldDomId(POSITION_FIELD)}
            value={positionId}
            placeholder="请选择报考岗位"
            options={positions.map((p) => ({
              label: `${p.Name}（${p.Code}）`,
              value: p.PositionId,
            }))}
            onChange={(next: number) => {
              setPositionId(next);
              setPositionError(undefined);
            }}
          />
        </Form.Item>
        {visible.map((field) => (
          <Controller
            key={field.FieldId}
            name={field.FieldId}
            control={form.control}
            render={({ field: control, fieldState }) => (
              <Form.Item
                label={field.Label}
                required={field.Required}
                htmlFor={applyFieldDomId(field.FieldId)}
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message}
                extra={applyFieldHint(field)}
              >
                <ApplyFieldInput
                  field={field}
                  value={control.value as FieldValue | undefined}
                  invalid={Boolean(fieldState.error)}
                  onChange={control.onChange}
                  // A preview never uploads: the file is checked for type and size, kept as a name.
                  onPickFile={(file) =>
                    control.onChange({
                      FileName: file.name,
                      Size: file.size,
                      ContentType: file.type,
                    })
                  }
                />
              </Form.Item>
            )}
          />
        ))}
        <Button type="primary" htmlType="submit" loading={submitEntry.isPending}>
          提交测试填报
        </Button>
      </form>
    </Form>
  );
}
