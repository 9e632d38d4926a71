import { cooperateApply } from '@portal/contracts';
import type { CooperateInput } from './api/cooperate-apply';

export const REMARK_MAX_LENGTH = 500;

/** What the form holds: text as typed, and the chosen package's id as text ('' for none). */
export interface CooperateValues {
  CompanyName: string;
  ContactName: string;
  Mobile: string;
  Email: string;
  Remark: string;
  EquityId: string;
}
export type CooperateField = keyof CooperateValues;
export type CooperateProblems = Partial<Record<CooperateField, string>>;

export const EMPTY_COOPERATE: CooperateValues = {
  CompanyName: '',
  ContactName: '',
  Mobile: '',
  Email: '',
  Remark: '',
  EquityId: '',
};

/** The fields in the order they are shown, so the first one at fault gets the focus. */
export const COOPERATE_FIELDS: CooperateField[] = [
  'CompanyName',
  'ContactName',
  'Mobile',
  'Email',
  'Remark',
  'EquityId',
];

/** The form checked by the contract's own schema: the body to send, or a message per field at fault. */
export function checkCooperate(
  values: CooperateValues,
): { ok: true; body: CooperateInput } | { ok: false; problems: CooperateProblems } {
  const candidate = {
    CompanyName: values.CompanyName,
    ContactName: values.ContactName,
    Mobile: values.Mobile,
    Email: values.Email.trim() || undefined,
    Remark: values.Remark.trim() || undefined,
    EquityId: values.EquityId ? Number(values.EquityId) : undefined,
  };
  const result = cooperateApply.request.safeParse(candidate);
  if (result.success) return { ok: true, body: result.data };
  const problems: CooperateProblems = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CooperateField | undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return { ok: false, problems };
}
