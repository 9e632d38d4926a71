import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  birthDateOfIdNumber,
  idNumberCheckDigit,
  isValidChineseIdNumber,
  needsGuardianConsent,
  validateFieldValue,
  validateFormValues,
  type FormField,
} from './form.js';

const field = (overrides: Partial<FormField>): FormField => ({
  FieldId: 'f',
  Label: '字段',
  Type: 'text',
  Required: true,
  ...overrides,
});

describe('Chinese ID number', () => {
  it('accepts a number whose check digit matches', () => {
    expect(isValidChineseIdNumber('11010519491231002X')).toBe(true);
    expect(isValidChineseIdNumber('110105194912310021'.slice(0, 17) + 'X')).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    expect(isValidChineseIdNumber('110105194912310020')).toBe(false);
  });
  it('refuses an impossible birth date', () => {
    expect(isValidChineseIdNumber('110105194902300027')).toBe(false);
  });
  it('refuses the wrong length', () => {
    expect(isValidChineseIdNumber('11010519491231002')).toBe(false);
  });
});

describe('field rules', () => {
  it('asks for a required value', () => {
    expect(validateFieldValue(field({ Label: '姓名' }), '  ')).toBe('请填写姓名');
  });
  it('asks for a choice or a file in the words of the field (issue 30, point 11)', () => {
    expect(validateFieldValue(field({ Type: 'select', Label: '学历' }), '')).toBe('请选择学历');
    expect(validateFieldValue(field({ Type: 'region', Label: '户籍所在地' }), [])).toBe(
      '请选择户籍所在地',
    );
    expect(validateFieldValue(field({ Type: 'date', Label: '出生日期' }), '')).toBe(
      '请选择出生日期',
    );
    expect(validateFieldValue(field({ Type: 'file', Label: '学历证明' }), null)).toBe(
      '请上传学历证明',
    );
  });
  it('lets an optional empty value through', () => {
    expect(validateFieldValue(field({ Required: false }), '')).toBeNull();
  });
  it('checks mobile numbers', () => {
    expect(validateFieldValue(field({ Type: 'mobile', Label: '手机号' }), '12345')).toMatch(
      '11位手机号码',
    );
    expect(validateFieldValue(field({ Type: 'mobile' }), '13800138000')).toBeNull();
  });
  it('checks email', () => {
    expect(validateFieldValue(field({ Type: 'email' }), 'a@b')).not.toBeNull();
    expect(validateFieldValue(field({ Type: 'email' }), 'a@b.cn')).toBeNull();
  });
  it('checks date ranges', () => {
    const date = field({
      Type: 'date',
      Label: '出生日期',
      MinDate: '1980-01-01',
      MaxDate: '2008-12-31',
    });
    expect(validateFieldValue(date, '1979-12-31')).toBe('出生日期不能早于1980-01-01');
    expect(validateFieldValue(date, '2009-01-01')).toBe('出生日期不能晚于2008-12-31');
    expect(validateFieldValue(date, '2001-02-29')).toBe('出生日期请选择有效日期');
    expect(validateFieldValue(date, '2000-02-29')).toBeNull();
  });
  it('checks photo type and size', () => {
    const photo = field({ Type: 'photo', Label: '证件照', Accept: ['image/jpeg'], MaxSizeKb: 200 });
    const file = {
      Url: '/u/1.jpg',
      FileName: '1.jpg',
      Size: 100 * 1024,
      ContentType: 'image/jpeg',
    };
    expect(validateFieldValue(photo, file)).toBeNull();
    expect(validateFieldValue(photo, { ...file, ContentType: 'image/gif' })).toBe(
      '证件照文件类型不支持',
    );
    expect(validateFieldValue(photo, { ...file, Size: 300 * 1024 })).toBe('证件照不能超过200KB');
    expect(validateFieldValue(photo, null)).toBe('请上传证件照');
  });
  it('only accepts listed options', () => {
    const select = field({ Type: 'select', Options: [{ Label: '本科', Value: 'bachelor' }] });
    expect(validateFieldValue(select, 'phd')).not.toBeNull();
    expect(validateFieldValue(select, 'bachelor')).toBeNull();
  });
  it('skips a field hidden by its condition', () => {
    const fields = [
      field({
        FieldId: 'hasCert',
        Type: 'radio',
        Options: [
          { Label: '是', Value: 'yes' },
          { Label: '否', Value: 'no' },
        ],
      }),
      field({ FieldId: 'certNo', ShowWhen: { FieldId: 'hasCert', Values: ['yes'] } }),
    ];
    expect(validateFormValues(fields, { hasCert: 'no' })).toEqual({});
    expect(Object.keys(validateFormValues(fields, { hasCert: 'yes' }))).toEqual(['certNo']);
  });
});

describe('a birth date and the ID number it belongs to (issue 30, point 6)', () => {
  const fields = [
    field({ FieldId: 'id', Type: 'idcard' }),
    field({ FieldId: 'birth', Type: 'date', BirthDateOf: 'id' }),
  ];
  it('agree, or the date is refused with the date the number carries', () => {
    expect(birthDateOfIdNumber('11010519491231002X')).toBe('1949-12-31');
    expect(birthDateOfIdNumber('11010519491231002')).toBeNull();
    expect(validateFormValues(fields, { id: '11010519491231002X', birth: '1949-12-31' })).toEqual(
      {},
    );
    expect(validateFormValues(fields, { id: '11010519491231002X', birth: '1949-12-30' })).toEqual({
      birth: '出生日期与身份证号码不一致（身份证号码中为 1949-12-31）',
    });
    // A number that is itself wrong is its own field's error, not the date's.
    expect(validateFormValues(fields, { id: '110105194912310021', birth: '1949-12-30' })).toEqual({
      id: expect.any(String),
    });
  });
});

describe('password rule', () => {
  it('needs 8-20 characters with letters and digits', () => {
    expect(isStrongPassword('Demo@123456')).toBe(true);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('a1b2')).toBe(false);
  });
});

describe('a child under 14 needs a guardian (PIPL art. 31)', () => {
  const fields = [field({ FieldId: 'name' }), field({ FieldId: 'id', Type: 'idcard' })];
  const born = (date: string) => {
    const first17 = `110105${date.replaceAll('-', '')}002`;
    return first17 + idNumberCheckDigit(first17);
  };
  it('counts the age on the Beijing date the server gives, from the first valid ID number', () => {
    expect(needsGuardianConsent(fields, { id: born('2012-11-27') }, '2026-11-26')).toBe(true);
    // Fourteen on the day itself: no guardian.
    expect(needsGuardianConsent(fields, { id: born('2012-11-26') }, '2026-11-26')).toBe(false);
    expect(needsGuardianConsent(fields, { id: born('1990-03-07') }, '2026-11-26')).toBe(false);
    // Born on 29 February: fourteen on 1 March of a year without one.
    expect(needsGuardianConsent(fields, { id: born('2012-02-29') }, '2026-02-28')).toBe(true);
    expect(needsGuardianConsent(fields, { id: born('2012-02-29') }, '2026-03-01')).toBe(false);
    // No valid number, no idcard field: nothing to count from.
    expect(needsGuardianConsent(fields, { id: '123' }, '2026-11-26')).toBe(false);
    expect(needsGuardianConsent([fields[0]!], { name: born('2015-01-01') }, '2026-11-26')).toBe(
      false,
    );
  });
});
