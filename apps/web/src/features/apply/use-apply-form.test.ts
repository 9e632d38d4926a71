import type { FormField } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { applyValuesSchema, decidingFieldIds, pickFieldValues } from './use-apply-form';

const FIELDS: FormField[] = [
  {
    FieldId: 'worker',
    Label: '是否在职',
    Type: 'radio',
    Required: true,
    Options: [
      { Label: '是', Value: 'yes' },
      { Label: '否', Value: 'no' },
    ],
  },
  {
    FieldId: 'unit',
    Label: '工作单位',
    Type: 'text',
    Required: true,
    ShowWhen: { FieldId: 'worker', Values: ['yes'] },
  },
  { FieldId: 'idcard', Label: '身份证号', Type: 'idcard', Required: true },
];

describe('the apply form schema (the Values of Apply/ModifyApply)', () => {
  it('checks every visible field with the contract’s field rules', () => {
    const result = applyValuesSchema(FIELDS).safeParse({ worker: 'yes', idcard: '123' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['unit', '请填写工作单位'],
      ['idcard', '身份证号不正确，请填写18位居民身份证号码'],
    ]);
  });

  it('neither checks nor sends a hidden field, and drops untouched ones', () => {
    const result = applyValuesSchema(FIELDS).safeParse({
      worker: 'no',
      unit: '',
      idcard: '11010519491231002X',
      stray: undefined,
    });
    expect(result.data).toEqual({ worker: 'no', idcard: '11010519491231002X' });
  });

  it('pre-fills only the form’s own fields', () => {
    expect(pickFieldValues(FIELDS, { unit: 'A', other: 'x' })).toEqual({ unit: 'A' });
    expect(pickFieldValues(FIELDS, null)).toEqual({});
  });
});

describe('the fields whose typing re-renders the whole form', () => {
  it('are the sources of ShowWhen and the ID numbers (a guardian’s consent), no other field', () => {
    const text: FormField = { FieldId: 'major', Label: '专业', Type: 'text', Required: false };
    expect(decidingFieldIds([...FIELDS, text])).toEqual(['worker', 'idcard']);
    expect(decidingFieldIds([text])).toEqual([]);
  });
});
