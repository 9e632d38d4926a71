import {
  getReceipt,
  maskIdNumber,
  qrCodeDecode,
  startAttempt,
  submitAnswer,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { answersDigest } from '../../domain/receipts/receipts.js';
import { applicationOf, applyAs, projectIdOf, userIdOf, validValues } from './flow-test-kit.js';

describe('ProjectFlow/GetReceipt and the receipt check page', () => {
  let t: TestApp;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp();
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  const open = (href: string) => {
    const url = new URL(href);
    return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  };

  it('the application’s receipt: its owner’s only, signed, checkable, the candidate masked', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    const applyId = await applyAs(t, other, projectId);
    const row = await applicationOf(t.db, other, projectId);
    const res = await t.call(getReceipt, { ApplyId: applyId, Kind: 'Apply' }, { as: other });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = res.body.Data;
    const idNumber = String(validValues().idNumber);
    expect(receipt).toMatchObject({
      Kind: 'Apply',
      ApplyId: applyId,
      ProjectTitle: SEED_PROJECTS.journey,
      CandidateName: '赵**',
      IdNumber: maskIdNumber(idNumber),
      SubmittedAt: row!.submittedAt!.toISOString(),
    });
    expect(receipt.Digest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(receipt)).not.toContain(idNumber);
    expect(decodeURIComponent(receipt.VerifyUrl)).not.toContain('赵小雨');
    // Opened again later, it is the same receipt.
    const again = await t.call(getReceipt, { ApplyId: applyId, Kind: 'Apply' }, { as: other });
    expect(again.body.Data.VerifyUrl).toBe(receipt.VerifyUrl);
    // The QR code leads to the same address.
    const decoded = await t.call(qrCodeDecode, { ImageBase64: receipt.QrDataUrl }, { as: other });
    expect(decoded.body.Data.Text).toBe(receipt.VerifyUrl);

    // Another candidate, and no one, are told nothing of it.
    const asAnother = await t.call(
      getReceipt,
      { ApplyId: applyId, Kind: 'Apply' },
      { as: t.demoUserId },
    );
    expect(asAnother.status).toBe(404);
    expect((await t.call(getReceipt, { ApplyId: applyId, Kind: 'Apply' })).status).toBe(401);
    // No exam was sat: no exam receipt.
    const noExam = await t.call(getReceipt, { ApplyId: applyId, Kind: 'Exam' }, { as: other });
    expect(noExam.status).toBe(409);
    expect(noExam.body.ErrMsg).toBe('尚未交卷，交卷后即可查看考试回执');

    const genuine = await open(receipt.VerifyUrl);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.headers['cache-control']).toBe('no-store');
    expect(genuine.body).toContain('回执真实有效');
    expect(genuine.body).toContain('报名提交回执');
    expect(genuine.body).toContain(SEED_PROJECTS.journey);
    expect(genuine.body).toContain('赵**');
    expect(genuine.body).toContain(maskIdNumber(idNumber));
    expect(genuine.body).toContain(receipt.Digest);
    expect(genuine.body).not.toContain(idNumber);
    expect(genuine.body).not.toContain('赵小雨');

    const url = new URL(receipt.VerifyUrl);
    const sig = url.searchParams.get('Sig')!;
    url.searchParams.set('Sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    const forged = await open(url.href);
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('不是真实有效的回执');
    expect(forged.body).not.toContain(SEED_PROJECTS.journey);
  });

  it('an application submitted earlier has its receipt too, the name masked', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.submitted);
    const row = await applicationOf(t.db, t.demoUserId, projectId);
    const res = await t.call(getReceipt, { ApplyId: row!.id, Kind: 'Apply' }, { as: t.demoUserId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.CandidateName).toMatch(/^李\*+$/);
  });

  it('the exam’s receipt: the answers’ digest and the server’s submit time', async () => {
    const row = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.paidExam),
    );
    const applyId = row!.id;
    const as = { as: t.demoUserId };
    const before = await t.call(getReceipt, { ApplyId: applyId, Kind: 'Exam' }, as);
    expect(before.status).toBe(409);
    expect((await t.call(startAttempt, { ApplyId: applyId }, as)).status).toBe(200);
    const submitted = await t.call(submitAnswer, { ApplyId: applyId, Answers: [] }, as);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const res = await t.call(getReceipt, { ApplyId: applyId, Kind: 'Exam' }, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data).toMatchObject({
      Kind: 'Exam',
      ProjectTitle: SEED_PROJECTS.paidExam,
      Digest: answersDigest([]),
      SubmittedAt: submitted.body.Data.Attempt.SubmittedAt,
    });
    expect(
      (await t.call(getReceipt, { ApplyId: applyId, Kind: 'Exam' }, { as: other })).status,
    ).toBe(404);
    const page = await open(res.body.Data.VerifyUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('考试交卷回执');
    expect(page.body).toContain('答卷摘要');
    expect(page.body).not.toContain(String(row!.values.idNumber));

    const url = new URL(res.body.Data.VerifyUrl);
    const text = url.searchParams.get('R')!;
    const changed = JSON.parse(Buffer.from(text, 'base64url').toString()) as { Digest: string };
    changed.Digest = answersDigest([{ QuestionId: 1, Choices: ['A'] }]);
    url.searchParams.set('R', Buffer.from(JSON.stringify(changed)).toString('base64url'));
    const tampered = await open(url.href);
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain('不是真实有效的回执');
  });
});
