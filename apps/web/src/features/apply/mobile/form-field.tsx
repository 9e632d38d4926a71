import {
  type FieldValue,
  type FormField,
  type Region,
  uploadedFileValueSchema,
} from '@portal/contracts';
import {
  CascadePicker,
  Checkbox,
  DatePicker,
  Input,
  type InputRef,
  Picker,
  Radio,
  TextArea,
  type TextAreaRef,
} from 'antd-mobile';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { calendarDateForPicker, pickedCalendarDate } from '../../../shared/date';
import { useFileUpload } from '../use-file-upload';
import { UploadedPhoto } from '../uploaded-photo';

export function fieldDomId(fieldId: string): string {
  return `field-${fieldId}`;
}

interface FieldProps {
  field: FormField;
  value: FieldValue | undefined;
  error?: string;
  onChange: (value: FieldValue) => void;
  regions: Region[];
}

function asText(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
function asList(value: FieldValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

/** A button that opens a picker, showing the chosen value or the placeholder. */
function PickerTrigger({
  id,
  text,
  placeholder,
  onClick,
  invalid,
}: {
  id: string;
  text: string;
  placeholder: string;
  onClick: () => void;
  invalid: boolean;
}) {
  return (
    <button
      type="button"
      id={id}
      className={text ? 'apply-picker' : 'apply-picker apply-picker--empty'}
      aria-invalid={invalid}
      aria-describedby={`${id}-msg`}
      onClick={onClick}
    >
      {text || placeholder}
    </button>
  );
}

/**
 * antd-mobile's Input and TextArea put aria-* props on their wrapping div, where a screen reader
 * does not connect them to the field (and axe refuses them); they belong on the native element.
 */
function useNativeAria(
  ref: { current: InputRef | TextAreaRef | null },
  aria: Record<string, string | boolean>,
) {
  const text = JSON.stringify(aria);
  useLayoutEffect(() => {
    const element = ref.current?.nativeElement;
    if (!element) return;
    for (const [name, value] of Object.entries(JSON.parse(text) as typeof aria))
      element.setAttribute(name, String(value));
  }, [ref, text]);
}

function FileField({ field, value, error, onChange }: FieldProps) {
  const id = fieldDomId(field.FieldId);
  const { choose, problem, uploading, isPhoto } = useFileUpload(field, onChange);
  const current = uploadedFileValueSchema.safeParse(value);

  return (
    <div className="apply-file">
      {current.success && isPhoto ? (
        <UploadedPhoto
          className="apply-file__preview"
          value={current.data}
          alt={`已上传的${field.Label}`}
        />
      ) : null}
      {current.success && !isPhoto ? (
        <p className="apply-file__name">{current.data.FileName}</p>
      ) : null}
      <label className="apply-file__button">
        {uploading
          ? '正在上传…'
          : current.success
            ? `重新上传${field.Label}`
            : `上传${field.Label}`}
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={field.Accept?.join(',') || (isPhoto ? 'image/*' : undefined)}
          disabled={uploading}
          aria-invalid={Boolean(error || problem)}
          aria-describedby={`${id}-msg`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </label>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The value is the region codes (what the server checks); a person sees the names. */
function regionOptions(regions: Region[]) {
  return regions.map((p) => ({
    label: p.Name,
    value: p.Code,
    children: (p.Children ?? []).map((c) => ({ label: c.Name, value: c.Code })),
  }));
}

export function regionText(regions: Region[], codes: string[]): string {
  const province = regions.find((p) => p.Code === codes[0]);
  const city = province?.Children?.find((c) => c.Code === codes[1]);
  return [province?.Name, city?.Name].filter(Boolean).join(' ');
}

function Control(props: FieldProps) {
  const { field, value, error, onChange, regions } = props;
  const id = fieldDomId(field.FieldId);
  const [open, setOpen] = useState(false);
  const invalid = Boolean(error);
  const placeholder =
    field.Placeholder ??
    (['date', 'select', 'region'].includes(field.Type)
      ? `请选择${field.Label}`
      : `请输入${field.Label}`);
  const common = {
    id,
    'aria-invalid': invalid,
    'aria-required': field.Required,
    'aria-describedby': `${id}-msg`,
  };
  const inputRef = useRef<InputRef>(null);
  const textAreaRef = useRef<TextAreaRef>(null);
  const { id: _id, ...aria } = common;
  useNativeAria(field.Type === 'textarea' ? textAreaRef : inputRef, aria);

  switch (field.Type) {
    case 'textarea':
      return (
        <TextArea
          ref={textAreaRef}
          id={id}
          value={asText(value)}
          placeholder={placeholder}
          maxLength={field.MaxLength}
          showCount={Boolean(field.MaxLength)}
          autoSize={{ minRows: 3 }}
          onChange={onChange}
        />
      );
    case 'number':
      return (
        <Input
          ref={inputRef}
          id={id}
          type="number"
          inputMode="decimal"
          value={asText(value)}
          placeholder={placeholder}
          onChange={(text) =>
            onChange(text === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text)
          }
        />
      );
    case 'date':
      return (
        <>
          <PickerTrigger
            id={id}
            text={asText(value)}
            placeholder={placeholder}
            invalid={invalid}
            onClick={() => setOpen(true)}
          />
          <DatePicker
            visible={open}
            title={field.Label}
            min={field.MinDate ? calendarDateForPicker(field.MinDate) : new Date(1900, 0, 1)}
            max={
              field.MaxDate
                ? calendarDateForPicker(field.MaxDate)
                : new Date(new Date().getFullYear() + 10, 11, 31)
            }
            value={asText(value) ? calendarDateForPicker(asText(value)) : undefined}
            onClose={() => setOpen(false)}
            onConfirm={(date) => onChange(pickedCalendarDate(date))}
          />
        </>
      );
    case 'select': {
      const options = field.Options ?? [];
      const chosen = options.find((o) => o.Value === value);
      return (
        <>
          <PickerTrigger
            id={id}
            text={chosen?.Label ?? ''}
            placeholder={placeholder}
            invalid={invalid}
            onClick={() => setOpen(true)}
          />
          <Picker
            visible={open}
            title={field.Label}
            columns={[options.map((o) => ({ label: o.Label, value: o.Value }))]}
            value={chosen ? [chosen.Value] : []}
            onClose={() => setOpen(false)}
            onConfirm={([v]) => onChange(typeof v === 'string' ? v : null)}
          />
        </>
      );
    }
    case 'region':
      return (
        <>
          <PickerTrigger
            id={id}
            text={regionText(regions, asList(value))}
            placeholder={placeholder}
            invalid={invalid}
            onClick={() => setOpen(true)}
          />
          <CascadePicker
            visible={open}
            title={field.Label}
            options={regionOptions(regions)}
            value={asList(value)}
            onClose={() => setOpen(false)}
            onConfirm={(v) => onChange(v.filter((x): x is string => typeof x === 'string'))}
          />
        </>
      );
    case 'radio':
      return (
        <div role="radiogroup" {...common} aria-labelledby={`${id}-label`} tabIndex={-1}>
          <Radio.Group value={asText(value) || null} onChange={(v) => onChange(String(v))}>
            {(field.Options ?? []).map((o) => (
              <Radio key={o.Value} value={o.Value} className="apply-choice">
                {o.Label}
              </Radio>
            ))}
          </Radio.Group>
        </div>
      );
    case 'checkbox':
      return (
        <div
          role="group"
          {...aria}
          id={id}
          aria-required={undefined}
          aria-labelledby={`${id}-label`}
          tabIndex={-1}
        >
          <Checkbox.Group value={asList(value)} onChange={(v) => onChange(v.map(String))}>
            {(field.Options ?? []).map((o) => (
              <Checkbox key={o.Value} value={o.Value} className="apply-choice">
                {o.Label}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </div>
      );
    case 'photo':
    case 'file':
      return <FileField {...props} />;
    default:
      return (
        <Input
          ref={inputRef}
          id={id}
          type={field.Type === 'email' ? 'email' : field.Type === 'mobile' ? 'tel' : 'text'}
          inputMode={field.Type === 'mobile' ? 'tel' : field.Type === 'email' ? 'email' : undefined}
          maxLength={field.Type === 'idcard' ? 18 : field.Type === 'mobile' ? 11 : field.MaxLength}
          value={asText(value)}
          placeholder={placeholder}
          onChange={onChange}
        />
      );
  }
}

/**
 * One field of the application form: its label, its control, its hint and its message. Memoised:
 * a keystroke re-renders the form (the fields shown follow the values), and only the field typed
 * into, whose value changed, renders again (its onChange is react-hook-form's, stable).
 */
export const FormFieldRow = memo(function FormFieldRow(props: FieldProps) {
  const { field, error } = props;
  const id = fieldDomId(field.FieldId);
  const labelled = !['radio', 'checkbox'].includes(field.Type);
  return (
    <div className={error ? 'apply-field apply-field--invalid' : 'apply-field'}>
      {labelled ? (
        <label
          className={
            field.Required
              ? 'apply-field__label apply-field__label--required'
              : 'apply-field__label'
          }
          id={`${id}-label`}
          htmlFor={id}
        >
          {field.Label}
        </label>
      ) : (
        <span
          className={
            field.Required
              ? 'apply-field__label apply-field__label--required'
              : 'apply-field__label'
          }
          id={`${id}-label`}
        >
          {field.Label}
        </span>
      )}
      <Control {...props} />
      <div id={`${id}-msg`}>
        {error ? (
          <p className="field-error">{error}</p>
        ) : field.Hint ? (
          <p className="field-hint">{field.Hint}</p>
        ) : null}
      </div>
    </div>
  );
});
