import type { FormField } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { applyFieldHint } from './apply-field-input';

const photo = (Hint?: string): FormField =>
  ({
    FieldId: 'photo',
    Label: '证件照',
    Type: 'photo',
    Required: true,
    MaxSizeKb: 500,
    Hint,
  }) as FormField;

describe('a file field says its size limit once', () => {
  it('adds the limit to a hint that does not say it', () => {
    expect(applyFieldHint(photo('近期免冠正面照'))).toBe('近期免冠正面照，不超过500KB');
    expect(applyFieldHint(photo())).toBe('不超过500KB');
  });

  it('does not repeat a limit the hint already says (issue 30, point 11)', () => {
    expect(applyFieldHint(photo('近期免冠正面照，jpg/png，不超过500KB'))).toBe(
      '近期免冠正面照，jpg/png，不超过500KB',
    );
  });
});
