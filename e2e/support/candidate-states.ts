import { getProjectList, startAttempt } from '@portal/contracts';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiOf,
  applyThroughApi,
  approveInBackOffice,
  unappliedPaidProject,
  unappliedProjectWithForm,
} from './portal-api.js';
import { signUpFreshAccount } from './sms.js';

/** Approved and unpaid: the payment page, 去支付, the sandbox cashier's 确认支付, and back. */
export async function payAtSandboxCashier(page: Page, baseUrl: string, applyId: number) {
  await page.goto(`${baseUrl}/views/payment?ApplyId=${applyId}`);
  await page.getByRole('button', { name: /^去支付/ }).click();
  await page.waitForURL('**/gateways/payment/cashier?**');
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL('**/views/payment?**');
  await page.getByText('支付成功').first().waitFor();
}

/**
 * A fresh candidate, signed up in `page`, with a paid application to the open project titled
 * `title` (applied through the API, approved by the back office, paid at the sandbox cashier).
 * Nothing of the demo user's is used, so a journey built on it can be run again.
 */
export async function freshPaidCandidate(
  page: Page,
  baseUrl: string,
  title: string,
  name: string,
): Promise<{ mobile: string; projectId: number; applyId: number }> {
  const mobile = await signUpFreshAccount(page, name, baseUrl);
  const api = await apiOf(page);
  const open = await api.call(getProjectList, { State: 'Applying', PageIndex: 1, PageSize: 50 });
  const project = open.Items.find((p) => p.Title === title);
  expect(project, title).toBeDefined();
  const { ApplyId: applyId } = await applyThroughApi(page, api, project!.ProjectId, {
    name,
    gender: 'female',
    mobile,
  });
  await approveInBackOffice(baseUrl, applyId);
  await payAtSandboxCashier(page, baseUrl, applyId);
  return { mobile, projectId: project!.ProjectId, applyId };
}

/** The signed-in screens of one candidate, each with the state it needs. */
export interface CandidateScreens {
  mobile: string;
  /** The application form of a project not applied to (its full form, a position chosen). */
  apply: string;
  /** An approved application whose fee is due. */
  payment: string;
  /** A paid application's admission ticket. */
  ticket: string;
  /** A paid application's online exam, its attempt started (the answer sheet). */
  exam: string;
  my: string;
  myProject: string;
}

/**
 * A fresh candidate, signed up on the identity provider's page in `page`, with the states the
 * signed-in screens need, made through the API as the journeys make them: one application approved
 * and waiting for its fee, one paid (the seed's online-exam project) with its exam started.
 */
export async function candidateWithEveryScreen(
  page: Page,
  baseUrl: string,
  name = '性能考生',
): Promise<CandidateScreens> {
  const mobile = await signUpFreshAccount(page, name, baseUrl);
  const api = await apiOf(page);
  const candidate = { name, gender: 'female', mobile } as const;

  // The seed's paid project with an online exam comes first: paid, its exam started.
  const examProject = await unappliedPaidProject(api);
  const sitting = await applyThroughApi(page, api, examProject.ProjectId, candidate);
  await approveInBackOffice(baseUrl, sitting.ApplyId);
  await payAtSandboxCashier(page, baseUrl, sitting.ApplyId);
  await api.call(startAttempt, { ApplyId: sitting.ApplyId });

  const dueProject = await unappliedPaidProject(api);
  const due = await applyThroughApi(page, api, dueProject.ProjectId, candidate);
  await approveInBackOffice(baseUrl, due.ApplyId);

  // The form with the most to type: the full one (a name, an ID number, a mobile, a major).
  const typed = ['name', 'idNumber', 'mobile', 'major'];
  const form = await unappliedProjectWithForm(api, (fields) =>
    typed.every((id) => fields.some((f) => f.FieldId === id)),
  );

  const views = `${baseUrl}/views`;
  return {
    mobile,
    apply: `${views}/apply?ProjectId=${form.projectId}&PositionId=${form.positionId}`,
    payment: `${views}/payment?ApplyId=${due.ApplyId}`,
    ticket: `${views}/print?ApplyId=${sitting.ApplyId}`,
    exam: `${views}/onlineExam?ProjectId=${examProject.ProjectId}&ApplyId=${sitting.ApplyId}`,
    my: `${views}/my`,
    myProject: `${views}/my/myProject`,
  };
}
