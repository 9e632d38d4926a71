import {
  previewGeneratePrint,
  previewGetApply,
  previewGetForm,
  previewGetNotice,
  previewGetProject,
  previewGetProjectList,
  previewGetProjectPosition,
  previewHtmlToPdf,
  previewLogin,
  previewLogout,
  previewSubmitForm,
  APPLY_STATUSES,
  type Endpoint,
} from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, reviewers, tenants, users } from '../../db/schema/index.js';
import {
  DEMO_MOBILE,
  DEMO_REVIEWER_LOGIN,
  DEMO_REVIEWER_PASSWORD,
  SEED_PROJECTS,
  withCheckDigit,
} from '../../testing/demo-fixtures.js';
import { hashPassword } from '../../domain/accounts/passwords.js';
import { startPreviewSession } from '../../domain/preview/preview.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PREVIEW_COOKIE, previewCookiePath } from '../register.js';
import { PREVIEW_PDFS_PER_MINUTE } from '../exam-expand/labels.js';
import { firstPositionOf, projectIdOf, validValues } from './flow-test-kit.js';
import { PREVIEW_FAILURES_BEFORE_CAPTCHA } from './preview.js';

const LoginName = DEMO_REVIEWER_LOGIN;

/** Signs the reviewer in through ProjectPreview/Login; answers the Set-Cookie headers and the body. */
async function login(t: TestApp, loginName: string, password: string, ip = '10.0.0.1') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/services/exam-flow${previewLogin.path}`,
    payload: { LoginName: loginName, Password: password },
    remoteAddress: ip,
  });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: response.json() as {
      ErrMsg: string;
      Data: { FieldErrors?: Record<string, string> } & Record<string, unknown>;
    },
    cookies: (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) as string[],
  };
}

const cookieHeader = (proof: string) => ({ cookie: `${PREVIEW_COOKIE}=${proof}` });
const proofOf = (cookies: string[]) => cookies[0]!.split(';')[0]!.slice(PREVIEW_COOKIE.length + 1);

describe('ProjectPreview: a reviewer proves who they are; a LoginName alone proves nothing', () => {
  let t: TestApp;
  let projectId: number;
  let positionId: number;
  let proof: string;
  /** Every preview call with a valid input for the demo reviewer. */
  let calls: Array<[Endpoint, Record<string, unknown>]>;

  beforeAll(async () => {
    t = await createTestApp({
      gateways: {
        pdf: {
          htmlToPdf: async () => Buffer.from('%PDF-1.7 preview'),
          checkRoomFor: () => undefined,
        },
      },
    });
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    positionId = await firstPositionOf(t.db, projectId);
    const signedIn = await login(t, LoginName, DEMO_REVIEWER_PASSWORD);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    proof = proofOf(signedIn.cookies);
    calls = [
      [previewGetNotice, { LoginName, ProjectId: projectId }],
      [previewGetForm, { LoginName, ProjectId: projectId }],
      [previewGetProject, { LoginName, ProjectId: projectId }],
      [previewGetProjectList, { LoginName }],
      [previewGetApply, { LoginName, ProjectId: projectId }],
      [previewGetProjectPosition, { LoginName, ProjectId: projectId }],
      [previewGeneratePrint, { LoginName, ProjectId: projectId }],
      [previewSubmitForm, { LoginName, ProjectId: projectId, PositionId: positionId, Values: {} }],
      [previewHtmlToPdf, { LoginName, Html: '<p>报名表</p>' }],
    ];
  });
  afterAll(() => t.close());

  it('the login sets an HttpOnly, SameSite=Strict proof scoped to the preview paths', async () => {
    const { body, cookies } = await login(t, LoginName, DEMO_REVIEWER_PASSWORD);
    expect(body.Data).toMatchObject({ LoginName, Name: '陈老师（项目审核）' });
    expect(cookies).toHaveLength(2);
    ['exam-flow', 'exam-expand'].forEach((service, i) => {
      expect(cookies[i]).toMatch(/HttpOnly/);
      expect(cookies[i]).toMatch(/SameSite=Strict/);
      expect(cookies[i]).toContain(`Path=${previewCookiePath(service)}`);
    });
  });

  it('a wrong password is refused on the field; after a few failures the human check is required', async () => {
    const name = 'reviewer-typo';
    for (let i = 0; i < PREVIEW_FAILURES_BEFORE_CAPTCHA; i++) {
      const refused = await login(t, name, 'wrong', '10.0.0.9');
      expect(refused.status).toBe(400);
      expect(refused.body.ErrMsg).toBe('预览账号或密码不正确');
      expect(refused.cookies).toHaveLength(0);
    }
    const needsCaptcha = await login(t, name, 'wrong', '10.0.0.9');
    expect(needsCaptcha.status).toBe(400);
    expect(needsCaptcha.body.Data.FieldErrors).toEqual({ Captcha: '请先完成安全验证' });
  });

  it('every preview call without a proof is 401 with a Chinese message, even with a candidate token', async () => {
    for (const [endpoint, input] of calls) {
      const anonymous = await t.call(endpoint, input);
      expect(anonymous.status, endpoint.name).toBe(401);
      expect(anonymous.body.ErrMsg).toBe('预览登录已失效，请重新登录');
      const candidate = await t.call(endpoint, input, { as: t.demoUserId });
      expect(candidate.status, endpoint.name).toBe(401);
      // The old rule: a candidate's mobile as LoginName was enough.
      const byMobile = await t.call(endpoint, { ...input, LoginName: DEMO_MOBILE });
      expect(byMobile.status, endpoint.name).toBe(401);
    }
  });

  it('a LoginName that does not match its proof is 401; a forged proof is 401', async () => {
    for (const [endpoint, input] of calls) {
      const mismatch = await t.call(
        endpoint,
        { ...input, LoginName: DEMO_MOBILE },
        { headers: cookieHeader(proof) },
      );
      expect(mismatch.status, endpoint.name).toBe(401);
      expect(mismatch.body.ErrMsg).toBe('预览账号与登录状态不一致，请重新登录');
      const forged = await t.call(endpoint, input, { headers: cookieHeader('x'.repeat(43)) });
      expect(forged.status, endpoint.name).toBe(401);
    }
  });

  it('a reviewer of another tenant gets nothing of this tenant: 403 at login and on every call', async () => {
    const [other] = await t.db.insert(tenants).values({ name: '另一家考试机构' }).returning();
    const [outsider] = await t.db
      .insert(reviewers)
      .values({
        tenantId: other!.id,
        loginName: 'outsider',
        name: '外部审核员',
        passwordHash: await hashPassword('Outsider@123'),
      })
      .returning();
    const refusedLogin = await login(t, 'outsider', 'Outsider@123', '10.0.0.2');
    expect(refusedLogin.status).toBe(403);
    expect(refusedLogin.cookies).toHaveLength(0);
    const outsiderProof = await startPreviewSession(t.deps.store, {
      reviewerId: outsider!.id,
      tenantId: other!.id,
      loginName: 'outsider',
      name: '外部审核员',
    });
    for (const [endpoint, input] of calls) {
      const res = await t.call(
        endpoint,
        { ...input, LoginName: 'outsider' },
        { headers: cookieHeader(outsiderProof) },
      );
      expect(res.status, endpoint.name).toBe(403);
      expect(res.body.ErrMsg).toBe('该预览账号无权预览本平台的项目');
    }
  });

  it('with the proof: the project, positions, notices, a blank form, the flow and a sample ticket', async () => {
    const headers = cookieHeader(proof);
    const project = await t.call(
      previewGetProject,
      { LoginName, ProjectId: projectId },
      { headers },
    );
    expect(project.body.Data.Title).toBe(SEED_PROJECTS.journey);
    const positions = await t.call(
      previewGetProjectPosition,
      { LoginName, ProjectId: projectId },
      { headers },
    );
    expect(positions.body.Data.length).toBeGreaterThan(0);
    const notices = await t.call(
      previewGetNotice,
      { LoginName, ProjectId: projectId },
      { headers },
    );
    expect(notices.body.Data.Total).toBeGreaterThan(0);
    const form = await t.call(previewGetForm, { LoginName, ProjectId: projectId }, { headers });
    expect(form.body.Data.Form.Fields.length).toBeGreaterThan(0);
    expect(form.body.Data.Values).toBeNull();
    const flow = await t.call(previewGetApply, { LoginName, ProjectId: projectId }, { headers });
    expect(flow.body.Data.Steps).toHaveLength(6);
    expect(flow.body.Data.Apply).toBeNull();
    const paid = await t.call(
      previewGetApply,
      { LoginName, ProjectId: projectId, Status: 'Paid' },
      { headers },
    );
    expect(paid.body.Data.Apply).toMatchObject({ ApplyId: 0, Status: 'Paid' });
    expect(paid.body.Data.Steps.find((s) => s.Key === 'print')?.State).toBe('current');
    const ticket = await t.call(
      previewGeneratePrint,
      { LoginName, ProjectId: projectId },
      { headers },
    );
    expect(ticket.body.Data.Html).toContain('准考证（样例）');
    expect(ticket.body.Data.Html).toContain('张三（样例）');
    expect(ticket.body.Data.Html).toContain(SEED_PROJECTS.journey);
    expect(
      (await t.call(previewGetProject, { LoginName, ProjectId: 999999 }, { headers })).status,
    ).toBe(404);
  });

  it('without a project named, the reviewer chooses among their tenant’s projects, by keyword too', async () => {
    const headers = cookieHeader(proof);
    const all = await t.call(previewGetProjectList, { LoginName, PageSize: 50 }, { headers });
    expect(all.status).toBe(200);
    expect(all.body.Data.Items.map((p) => p.ProjectId)).toContain(projectId);
    expect(all.body.Data.Total).toBe(all.body.Data.Items.length);
    const found = await t.call(
      previewGetProjectList,
      { LoginName, Keyword: SEED_PROJECTS.journey },
      { headers },
    );
    expect(found.body.Data.Items.map((p) => p.Title)).toEqual([SEED_PROJECTS.journey]);
  });

  it('the test entry is validated as a candidate’s form, kept for the reviewer, and never an application', async () => {
    const headers = cookieHeader(proof);
    const [before] = await t.db.select({ n: count() }).from(applications);
    const bad = await t.call(
      previewSubmitForm,
      {
        LoginName,
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ idNumber: '110101199001011235' }),
      },
      { headers },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.Data as unknown as { FieldErrors: object }).FieldErrors)).toEqual([
      'idNumber',
    ]);
    const photo = {
      Url: 'preview:local',
      FileName: 'me.jpg',
      Size: 1000,
      ContentType: 'image/jpeg',
    };
    const good = await t.call(
      previewSubmitForm,
      { LoginName, ProjectId: projectId, PositionId: positionId, Values: validValues({ photo }) },
      { headers },
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.Data.Apply).toMatchObject({ ApplyId: 0, Status: 'Submitted' });
    const form = await t.call(previewGetForm, { LoginName, ProjectId: projectId }, { headers });
    expect(form.body.Data.Values?.name).toBe('赵小雨');
    const flow = await t.call(previewGetApply, { LoginName, ProjectId: projectId }, { headers });
    expect(flow.body.Data.Apply?.Status).toBe('Submitted');
    const [after] = await t.db.select({ n: count() }).from(applications);
    expect(after!.n).toBe(before!.n);
  });

  it('no preview answer carries any candidate’s name, ID number or mobile', async () => {
    const headers = cookieHeader(proof);
    const candidates = Array.from({ length: 12 }, (_, i) => ({
      name: `候选人${String.fromCharCode(0x4e00 + 37 * i)}${i}号`,
      mobile: `1851234${String(1000 + i)}`,
      idNumber: withCheckDigit(`44030119900${String(101 + i).padStart(3, '0')}123`.slice(0, 17)),
    }));
    for (const c of candidates) {
      const [user] = await t.db
        .insert(users)
        .values({ tenantId: 1, mobile: c.mobile, name: c.name, passwordHash: 'x' })
        .returning();
      await t.db.insert(applications).values({
        userId: user!.id,
        projectId,
        positionId,
        values: validValues({ name: c.name, idNumber: c.idNumber, mobile: c.mobile }),
        status: 'Paid',
        submittedAt: new Date(),
      });
    }
    const seeded = await t.db.select().from(users).where(eq(users.mobile, DEMO_MOBILE));
    const secrets = [
      ...candidates.flatMap((c) => [c.name, c.mobile, c.idNumber]),
      seeded[0]!.name,
      DEMO_MOBILE,
    ];
    const answers: string[] = [];
    for (const [endpoint, input] of calls) {
      if (endpoint === previewHtmlToPdf || endpoint === previewSubmitForm) continue;
      answers.push(JSON.stringify((await t.call(endpoint, input, { headers })).body));
    }
    for (const Status of APPLY_STATUSES)
      answers.push(
        JSON.stringify(
          (await t.call(previewGetApply, { LoginName, ProjectId: projectId, Status }, { headers }))
            .body,
        ),
      );
    for (const answer of answers)
      for (const secret of secrets) expect(answer).not.toContain(secret);
  });

  it('HtmlToPdf is limited per reviewer: past the minute’s allowance, 429', async () => {
    const headers = cookieHeader(proof);
    const statuses: number[] = [];
    for (let i = 0; i < PREVIEW_PDFS_PER_MINUTE + 1; i++)
      statuses.push(
        (await t.call(previewHtmlToPdf, { LoginName, Html: '<p>x</p>' }, { headers })).status,
      );
    // The earlier test may have used one already in this minute.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(
      PREVIEW_PDFS_PER_MINUTE - 1,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it('logging out ends the proof: the next call is 401', async () => {
    const { cookies } = await login(t, LoginName, DEMO_REVIEWER_PASSWORD);
    const ended = proofOf(cookies);
    const input = { LoginName, ProjectId: projectId };
    expect((await t.call(previewGetProject, input, { headers: cookieHeader(ended) })).status).toBe(
      200,
    );
    const out = await t.call(previewLogout, { LoginName }, { headers: cookieHeader(ended) });
    expect(out.status).toBe(200);
    expect((await t.call(previewGetProject, input, { headers: cookieHeader(ended) })).status).toBe(
      401,
    );
  });
});
