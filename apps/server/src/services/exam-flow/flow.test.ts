import {
  downloadPrint,
  generatePrint,
  getApply,
  maskIdNumber,
  qrCodeDecode,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema/index.js';
import { beijingMinute } from '../../platform/beijing-time.js';
import { ACCOMMODATED_MOBILE, SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { reviewApplication } from '../../domain/applications/review.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, applyAs, projectIdOf, userIdOf } from './flow-test-kit.js';

describe('ProjectFlow/ calls', () => {
  let t: TestApp;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp();
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  const stepsOf = (data: { Steps: { Key: string; State: string }[] }) =>
    Object.fromEntries(data.Steps.map((s) => [s.Key, s.State]));

  it('GetApply before applying: apply is current and the next action is to apply', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    const res = await t.call(getApply, { ProjectId: projectId }, { as: t.demoUserId });
    expect(res.status).toBe(200);
    expect(res.body.Data.Apply).toBeNull();
    expect(res.body.Data.NextAction).toBe('apply');
    expect(stepsOf(res.body.Data)).toEqual({
      apply: 'current',
      review: 'waiting',
      pay: 'waiting',
      print: 'waiting',
      exam: 'waiting',
      result: 'waiting',
    });
    expect((await t.call(getApply, { ProjectId: projectId })).status).toBe(401);
    expect((await t.call(getApply, { ProjectId: 999999 }, { as: t.demoUserId })).status).toBe(404);
  });

  it('GetApply follows each seeded status of the demo user', async () => {
    const view = async (title: string) =>
      (await t.call(getApply, { ProjectId: await projectIdOf(t.db, title) }, { as: t.demoUserId }))
        .body.Data;
    const returned = await view(SEED_PROJECTS.returned);
    expect(returned.NextAction).toBe('modify');
    expect(stepsOf(returned)).toMatchObject({
      apply: 'done',
      review: 'failed',
      pay: 'skipped',
      exam: 'waiting',
    });
    expect(returned.Steps.find((s) => s.Key === 'review')!.Description).toContain('证件照');
    expect((await view(SEED_PROJECTS.underReview)).NextAction).toBe('wait-review');
    const unpaid = await view(SEED_PROJECTS.approvedUnpaid);
    expect(unpaid.NextAction).toBe('pay');
    expect(stepsOf(unpaid)).toMatchObject({ review: 'done', pay: 'current', exam: 'waiting' });
    const paid = await view(SEED_PROJECTS.paidExam);
    // Issue 30, point 1: paid for an online exam, the next thing is the exam; the ticket waits.
    expect(paid.NextAction).toBe('exam');
    expect(paid.Apply?.TicketPrintable).toBe(true);
    expect(stepsOf(paid)).toMatchObject({ pay: 'done', print: 'current', exam: 'waiting' });
    const ticket = await view(SEED_PROJECTS.ticketIssued);
    // Issue 30, point 11: a venue exam is sat at the venue; its result waits for the exam.
    expect(stepsOf(ticket)).toMatchObject({ print: 'done', exam: 'current', result: 'waiting' });
    expect(ticket.NextAction).toBe('none');
    const finished = await view(SEED_PROJECTS.finished);
    expect(finished.NextAction).toBe('result');
    expect(stepsOf(finished)).toMatchObject({ exam: 'done', result: 'done' });
    expect(finished.Apply?.ExamScore).toBe(90);
    expect((await view(SEED_PROJECTS.rejected)).NextAction).toBe('none');
  });

  it('GeneratePrint refuses before payment, and another user’s application', async () => {
    const unpaid = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid),
    );
    const res = await t.call(generatePrint, { ApplyId: unpaid!.id }, { as: t.demoUserId });
    expect(res.status).toBe(409);
    expect(res.body.ErrMsg).toBe('请先缴纳报名费，缴费成功后即可打印准考证');
    const submitted = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.submitted),
    );
    expect(
      (await t.call(generatePrint, { ApplyId: submitted!.id }, { as: t.demoUserId })).status,
    ).toBe(409);
    expect((await t.call(generatePrint, { ApplyId: unpaid!.id }, { as: other })).status).toBe(404);
    expect((await t.call(generatePrint, { ApplyId: unpaid!.id })).status).toBe(401);
  });

  it('GeneratePrint waits for the project’s ticket time, saying when, then prints', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    const paid = await applicationOf(t.db, t.demoUserId, projectId);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const opensAt = new Date(Date.now() + 2 * 24 * 3600_000);
    await t.db.update(projects).set({ ticketOpensAt: opensAt }).where(eq(projects.id, projectId));
    try {
      const early = await t.call(generatePrint, { ApplyId: paid!.id }, { as: t.demoUserId });
      expect(early.status).toBe(409);
      expect(early.body.ErrMsg).toBe(
        `准考证将于${beijingMinute(opensAt)}起开放打印，届时将短信通知您，请到时登录打印`,
      );
    } finally {
      await t.db
        .update(projects)
        .set({ ticketOpensAt: project!.ticketOpensAt })
        .where(eq(projects.id, projectId));
    }
  });

  it('GeneratePrint issues the ticket on the first print of a paid application', async () => {
    const paid = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.paidExam),
    );
    const res = await t.call(generatePrint, { ApplyId: paid!.id }, { as: t.demoUserId });
    expect(res.status).toBe(200);
    const html = res.body.Data.Html;
    expect(html).toContain('准考证');
    expect(html).toContain('李明');
    expect(html).toContain(SEED_PROJECTS.paidExam);
    expect(html).toMatch(/1101\*{10}\d{3}[\dX]/);
    expect(html).not.toContain(String(paid!.values.idNumber));
    const after = await applicationOf(t.db, t.demoUserId, paid!.projectId);
    expect(after!.status).toBe('TicketIssued');
    expect(html).toContain(after!.ticketNo!);
    // Printing again answers the same ticket.
    const again = await t.call(generatePrint, { ApplyId: paid!.id }, { as: t.demoUserId });
    expect(again.body.Data.Html).toBe(html);
  });

  it('the ticket carries the photo, the rules of its exam and a QR code of a signed check address', async () => {
    const issued = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.ticketIssued),
    );
    const res = await t.call(generatePrint, { ApplyId: issued!.id }, { as: t.demoUserId });
    const html = res.body.Data.Html;
    expect(html).toMatch(
      /<img class="photo" src="data:image\/jpeg;base64,[A-Za-z0-9+/=]{1000,}" alt="考生照片">/,
    );
    const qr = /<img class="qr" src="(data:image\/png;base64,[^"]+)"/.exec(html)?.[1];
    expect(qr).toBeTruthy();
    // Common/QRCodeDecode reads the code back.
    const decoded = await t.call(qrCodeDecode, { ImageBase64: qr! }, { as: t.demoUserId });
    expect(decoded.status).toBe(200);
    const address = new URL(decoded.body.Data.Text);
    expect(address.pathname).toBe('/ticket/verify');
    expect(address.searchParams.get('No')).toBe(issued!.ticketNo);

    const genuine = await t.app.inject({
      method: 'GET',
      url: `${address.pathname}${address.search}`,
    });
    expect(genuine.statusCode).toBe(200);
    expect(genuine.body).toContain('准考证真实有效');
    expect(genuine.body).toContain('李明');
    expect(genuine.body).toContain(SEED_PROJECTS.ticketIssued);
    expect(genuine.body).toContain(issued!.ticketNo!);
    expect(genuine.body).toContain(maskIdNumber(String(issued!.values.idNumber)));
    expect(genuine.body).not.toContain(String(issued!.values.idNumber));

    const otherNo = `${issued!.ticketNo!.slice(0, -1)}${issued!.ticketNo!.endsWith('1') ? '2' : '1'}`;
    address.searchParams.set('No', otherNo);
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${address.pathname}${address.search}`,
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain('不是真实有效的准考证');
    expect(tampered.body).not.toContain('李明');
  });

  it('a venue exam’s ticket tells to arrive at the test centre; an online one does not', async () => {
    const venue = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.ticketIssued),
    );
    const venueHtml = (await t.call(generatePrint, { ApplyId: venue!.id }, { as: t.demoUserId }))
      .body.Data.Html;
    expect(venueHtml).toContain('提前30分钟到达考点');
    // Issue 30, point 2: a place, a room and a seat — not 「浙江市考试中心（具体考场见准考证）」.
    expect(venueHtml).toMatch(/<th>考试地点<\/th><td>[^<]+考点（[^<]+路[^<]+号）<\/td>/);
    expect(venueHtml).toMatch(/<th>考场<\/th><td>第\d+考场<\/td>/);
    expect(venueHtml).toMatch(/<th>座位号<\/th><td>\d{2}<\/td>/);
    expect(venueHtml).not.toContain('具体考场见准考证');
    const online = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.finished),
    );
    const onlineHtml = (await t.call(generatePrint, { ApplyId: online!.id }, { as: t.demoUserId }))
      .body.Data.Html;
    expect(onlineHtml).not.toContain('考点');
    expect(onlineHtml).toContain('在线考试');
  });

  it('a venue exam seats each candidate apart when the ticket is issued (issue 30, point 2)', async () => {
    const projectId = await projectIdOf(t.db, '广东省2026年考试录用公务员');
    const third = await userIdOf(t.db, ACCOMMODATED_MOBILE);
    const seats: (number | null)[] = [];
    for (const userId of [other, third]) {
      const applyId = await applyAs(t, userId, projectId);
      await reviewApplication(t.db, applyId, 'approve');
      const res = await t.call(generatePrint, { ApplyId: applyId }, { as: userId });
      expect(res.status).toBe(200);
      expect(res.body.Data.HasOnlineExam).toBe(false);
      expect(res.body.Data.Html).toContain('<th>座位号</th>');
      seats.push((await applicationOf(t.db, userId, projectId))!.examSeat);
    }
    expect(seats[0]).not.toBeNull();
    expect(seats[1]).not.toBeNull();
    expect(seats[0]).not.toBe(seats[1]);
  });

  it('a free project prints once approved, without paying', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.free);
    const applyId = await applyAs(t, other, projectId);
    expect((await t.call(generatePrint, { ApplyId: applyId }, { as: other })).status).toBe(409);
    await reviewApplication(t.db, applyId, 'approve');
    const view = await t.call(getApply, { ProjectId: projectId }, { as: other });
    // Its exam is online: entered at once, the ticket printable beside it.
    expect(view.body.Data.NextAction).toBe('exam');
    expect(view.body.Data.Apply?.TicketPrintable).toBe(true);
    expect(stepsOf(view.body.Data)).toMatchObject({ pay: 'skipped', print: 'current' });
    expect((await t.call(generatePrint, { ApplyId: applyId }, { as: other })).status).toBe(200);
    expect((await applicationOf(t.db, other, projectId))!.status).toBe('TicketIssued');
  });

  it('DownloadPrint answers a real PDF of the ticket', async () => {
    const issued = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.ticketIssued),
    );
    const res = await t.call(downloadPrint, { ApplyId: issued!.id }, { as: t.demoUserId });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.Data.ContentType).toBe('application/pdf');
    expect(res.body.Data.FileName).toMatch(/\.pdf$/);
    const pdf = Buffer.from(res.body.Data.Base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
  });
});

describe('PDF without Chromium', () => {
  it('answers 503 with a clear Chinese message', async () => {
    const t = await createTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      const issued = await applicationOf(
        t.db,
        t.demoUserId,
        await projectIdOf(t.db, SEED_PROJECTS.ticketIssued),
      );
      const res = await t.call(downloadPrint, { ApplyId: issued!.id }, { as: t.demoUserId });
      expect(res.status).toBe(503);
      expect(res.body.ErrMsg).toBe('暂无法生成PDF：服务器未安装Chromium');
    } finally {
      await t.close();
    }
  });
});
