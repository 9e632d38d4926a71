import {
  previewGeneratePrint,
  previewGetApply,
  previewGetForm,
  previewGetNotice,
  previewGetProject,
  previewGetProjectPosition,
  previewHtmlToPdf,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '../../db/seed/30-projects.js';
import { DEMO_MOBILE } from '../../db/seed/20-users.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { projectIdOf } from './flow-test-kit.js';

describe('ProjectPreview/ calls (LoginName is a user’s mobile of the tenant)', () => {
  let t: TestApp;
  let projectId: number;
  const LoginName = '13900139000';
  beforeAll(async () => {
    t = await createTestApp();
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
  });
  afterAll(() => t.close());

  it('an unknown LoginName is a 401 with the preview message; a missing one a 400', async () => {
    const res = await t.call(previewGetProject, { LoginName: '13000000000', ProjectId: projectId });
    expect(res.status).toBe(401);
    expect(res.body.ErrMsg).toBe('预览账号无效，请重新登录');
    expect((await t.call(previewGetProject, { ProjectId: projectId })).status).toBe(400);
  });

  it('previews the project, positions, notices, form and flow without a token', async () => {
    const project = await t.call(previewGetProject, { LoginName, ProjectId: projectId });
    expect(project.status).toBe(200);
    expect(project.body.Data.Title).toBe(SEED_PROJECTS.journey);
    const positions = await t.call(previewGetProjectPosition, { LoginName, ProjectId: projectId });
    expect(positions.body.Data.length).toBeGreaterThan(0);
    const notices = await t.call(previewGetNotice, { LoginName, ProjectId: projectId });
    expect(notices.body.Data.Total).toBeGreaterThan(0);
    const form = await t.call(previewGetForm, { LoginName, ProjectId: projectId });
    expect(form.body.Data.Form.Fields.length).toBeGreaterThan(0);
    const flow = await t.call(previewGetApply, { LoginName, ProjectId: projectId });
    expect(flow.body.Data.Steps).toHaveLength(6);
    expect((await t.call(previewGetProject, { LoginName, ProjectId: 999999 })).status).toBe(404);
  });

  it('GeneratePrint answers a sample ticket marked as a preview', async () => {
    const res = await t.call(previewGeneratePrint, {
      LoginName: DEMO_MOBILE,
      ProjectId: projectId,
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.Html).toContain('预览样例');
    expect(res.body.Data.Html).toContain(SEED_PROJECTS.journey);
  });

  it('HtmlToPdf turns the reviewer’s HTML into a PDF; an unknown reviewer gets 401', async () => {
    const res = await t.call(previewHtmlToPdf, {
      LoginName,
      Html: '<h1>报名表预览</h1><img src="http://127.0.0.1:9/x.png">',
      FileName: '报名表',
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(res.body.Data.FileName).toBe('报名表.pdf');
    expect(Buffer.from(res.body.Data.Base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await t.call(previewHtmlToPdf, { LoginName: 'nobody', Html: '<p>x</p>' });
    expect(refused.status).toBe(401);
  });
});
