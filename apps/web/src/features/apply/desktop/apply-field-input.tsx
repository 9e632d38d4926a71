import './apply-desktop.css';
import { formatFileSize, type FieldValue, type FormField, type Region } from '@portal/contracts';
import {
  Button,
  Cascader,
  Checkbox,
  DatePicker,
  Input,
  InputNumber,
  Radio,
  Select,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useRegionData } from '../../../platform';
import { UploadedPhoto } from '../uploaded-photo';

export const applyFieldDomId = (fieldId: string) => `apply-field-${fieldId}`;

/** What a field says under it: its hint, and for a file the largest size unless the hint says it. */
export function applyFieldHint(field: FormField): string | undefined {
  if ((field.Type === 'photo' || field.Type === 'file') && field.MaxSizeKb) {
    const limit = `不超过${formatFileSize(field.MaxSizeKb)}`;
    if (field.Hint?.includes(limit)) return field.Hint;
    return [field.Hint, limit].filter(Boolean).join('，');
  }
  return field.Hint;
}

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

/** §3 RegionData, fetched when a region field is first shown. */
function RegionCascader(props: {
  common: { id: string; status: 'error' | undefined; 'aria-invalid': boolean };
  value: string[];
  placeholder: string;
  onChange: (value: string[]) => void;
}) {
  const { regions, failed } = useRegionData();
  return (
    <Cascader
      {...props.common}
      value={props.value}
      options={toOptions(regions)}
      placeholder={failed ? '省市数据加载失败，请刷新页面后重试' : props.placeholder}
      onChange={(next) => props.onChange((next ?? []).map(String))}
    />
  );
}

/**
 * One field of an application form on a PC (antd), for every field type of the contract. A file
 * is handed to `onPickFile` (the form decides: upload it, or keep its name in a preview).
 */
export function ApplyFieldInput({
  field,
  value,
  invalid,
  onChange,
  onPickFile,
  fileBusy = false,
}: {
  field: FormField;
  value: FieldValue | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
  onPickFile: (file: File) => void;
  fileBusy?: boolean;
}) {
  const id = applyFieldDomId(field.FieldId);
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
          onChange={(day) => onChange(day ? day.format('YYYY-MM-DD') : null)}
          // Enter takes the date typed; it does not send the whole form (the picker handles it).
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
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
        <RegionCascader
          common={common}
          value={list}
          placeholder={field.Placeholder ?? '请选择省市'}
          onChange={onChange}
        />
      );
    case 'photo':
    case 'file': {
      const file = value && typeof value === 'object' && !Array.isArray(value) ? value : null;
      return (
        <div className="apply-file">
          {field.Type === 'photo' && file?.FileId ? (
            <UploadedPhoto className="apply-file__photo" value={file} alt="已上传的证件照" />
          ) : null}
          <Upload
            accept={field.Accept?.join(',')}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(picked) => {
              onPickFile(picked);
              return false;
            }}
          >
            <Button id={id} danger={invalid} loading={fileBusy}>
              {file ? `已选择：${file.FileName}（重新选择）` : `选择${field.Label}`}
            </Button>
          </Upload>
        </div>
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
