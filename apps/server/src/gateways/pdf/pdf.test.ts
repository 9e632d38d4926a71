import { downloadPrint, htmlToPdf, MAX_PDF_HTML_LENGTH } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { applicationOf, projectIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  createPdfGateway,
  PDF_BUSY,
  PDF_PAGES,
  PDF_QUEUE_LIMIT,
  PDF_RESULT_TOO_LARGE,
  PDF_TIMEOUT,
} from './index.js';

const SMALL_DOCUMENT = '<!doctype html><html><body><h1>准考证</h1><p>张三</p></body></html>';

async function outcome(render: Promise<Buffer>): Promise<string> {
  try {
    return (await render).subarray(0, 5).toString();
  } catch (error) {
    return error instanceof DomainError ? `${error.status} ${error.message}` : String(error);
  }
}

describe('PDF rendering cannot be tied up', () => {
  let t: TestApp;
  let renders = 0;
  beforeAll(async () => {
    t = await createTestApp({
      gateways: {
        pdf: {
          htmlToPdf: async () => {
            renders += 1;
            return Buffer.from('%PDF-1.4\n%%EOF\n');
          },
          checkRoomFor: () => undefined,
        },
      },
    });
  });
  afterAll(() => t.close());

  it('refuses 1 MB of HTML with 400 at once, before any rendering', async () => {
    const started = renders;
    const answer = await t.call(
      htmlToPdf,
      { Html: `<p>${'x'.repeat(1024 * 1024)}</p>` },
      { as: t.demoUserId },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.ErrMsg).toContain(String(MAX_PDF_HTML_LENGTH));
    expect(renders).toBe(started);
    const gateway = createPdfGateway(t.deps);
    await expect(gateway.htmlToPdf('x'.repeat(MAX_PDF_HTML_LENGTH + 1))).rejects.toMatchObject({
      status: 400,
    });
  });

  it('renders a ticket once: simultaneous downloads share the render, a reprint comes from the cache', async () => {
    const issued = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.ticketIssued),
    );
    const started = renders;
    const download = () => t.call(downloadPrint, { ApplyId: issued!.id }, { as: t.demoUserId });
    const [first, second] = await Promise.all([download(), download()]);
    const reprint = await download();
    expect([first.status, second.status, reprint.status]).toEqual([200, 200, 200]);
    expect(second.body.Data).toEqual(first.body.Data);
    expect(reprint.body.Data).toEqual(first.body.Data);
    expect(renders - started).toBe(1);
  });

  it('renders through a bounded queue: past it, 503 at once with a Chinese message', async () => {
    // A long wait limit: on a loaded machine the last in the queue could otherwise wait past the
    // default one and be turned away too (also a 503 PDF_BUSY), which is not what this checks.
    const gateway = createPdfGateway(t.deps, { waitLimitMs: 110_000 });
    try {
      const extra = 3;
      const outcomes = await Promise.all(
        Array.from({ length: PDF_PAGES + PDF_QUEUE_LIMIT + extra }, () =>
          outcome(gateway.htmlToPdf(SMALL_DOCUMENT)),
        ),
      );
      expect(outcomes.filter((o) => o === `503 ${PDF_BUSY}`)).toHaveLength(extra);
      for (const o of outcomes) expect(o).toMatch(/^(%PDF-|503 )/);
    } finally {
      await gateway.close();
    }
  }, 120_000);

  it('cuts short only the wait for a page: a render that has started keeps its page to the end', async () => {
    // 200 ms to get a page; the render (browser start included) takes longer than that.
    const gateway = createPdfGateway(t.deps, { renderTimeoutMs: 20_000, waitLimitMs: 20_200 });
    try {
      expect(await outcome(gateway.htmlToPdf(SMALL_DOCUMENT))).toBe('%PDF-');
    } finally {
      await gateway.close();
    }
  }, 60_000);

  it('reads the printed PDF in chunks and refuses one past its size limit', async () => {
    const gateway = createPdfGateway(t.deps, { maxPdfBytes: 1_000 });
    try {
      expect(await outcome(gateway.htmlToPdf(SMALL_DOCUMENT))).toBe(`400 ${PDF_RESULT_TOO_LARGE}`);
    } finally {
      await gateway.close();
    }
  }, 30_000);

  it('gives every render a time limit', async () => {
    const gateway = createPdfGateway(t.deps, { renderTimeoutMs: 1 });
    try {
      expect(await outcome(gateway.htmlToPdf(SMALL_DOCUMENT))).toBe(`503 ${PDF_TIMEOUT}`);
    } finally {
      await gateway.close();
    }
  }, 30_000);
});
