import fs from 'node:fs';
import { ERROR_CODES, MAX_PDF_HTML_LENGTH } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import PQueue from 'p-queue';
import type { Piscina } from 'piscina';
import { badRequest, DomainError, tooManyRequests } from '../../domain/errors.js';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { PdfGateway } from '../../domain/ports.js';
import { pdfRenders } from '../../platform/metrics.js';
import { createWorkerPool } from '../../platform/worker-pool.js';
import type { RenderResult, RenderTask } from './render-worker.js';

export const CHROMIUM_MISSING = '暂无法生成PDF：服务器未安装Chromium';

/** Pages of the one browser rendering at once (the machine has few cores). */
export const PDF_PAGES = 2;
/** Renders waiting for a page; one more is answered 503 at once instead of waiting its turn. */
export const PDF_QUEUE_LIMIT = 6;
/** One owner's renders: one on a page, one waiting; one more is answered 429 at once. */
export const PDF_RENDERS_PER_OWNER = 2;
/** A render's own limit: an ordinary ticket takes one or two seconds. */
export const PDF_RENDER_TIMEOUT_MS = 10_000;
/** No answer later than this, waiting included (a caller's patience, and the proxy's). */
export const PDF_WAIT_LIMIT_MS = 25_000;

export const PDF_BUSY = '生成PDF的请求较多，请稍后再试';
export const PDF_OWNER_BUSY = '您的PDF正在生成，请等它完成后再试';
export const PDF_TIMEOUT = '生成PDF超时，请稍后再试';
/** The largest PDF a render may produce; a ticket is a few hundred kilobytes. */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_RESULT_TOO_LARGE = '生成的PDF过大，请减少内容或图片后再试';
export const PDF_TOO_LARGE = `内容过大，无法生成PDF（最多${MAX_PDF_HTML_LENGTH}个字符）`;

export interface ClosablePdfGateway extends PdfGateway {
  close(): Promise<void>;
}

const busy = (message: string) => new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, message);

/**
 * HTML → PDF in headless Chromium: one long-lived browser, started at the first use and driven from
 * a worker thread (render-worker.ts), rendering PDF_PAGES documents at once, with no network. Renders wait for a page in a bounded queue (full:
 * 503) served round-robin across owners (the user who asks): each owner has one render at most on
 * a page or waiting for one, and PDF_RENDERS_PER_OWNER in all (more: 429), so one owner's flood
 * delays another's render by one render at most. A render without an owner waits on its own.
 */
export function createPdfGateway(
  context: GatewayContext,
  limits: {
    renderTimeoutMs?: number;
    waitLimitMs?: number;
    maxPdfBytes?: number;
    /** Told when a render gets its page, after its wait (the fairness test watches the order). */
    onRenderStart?: (owner: string | undefined) => void;
  } = {},
): ClosablePdfGateway {
  const { chromiumPath, pdfRendererNice: nice } = context.config;
  const renderTimeoutMs = limits.renderTimeoutMs ?? PDF_RENDER_TIMEOUT_MS;
  const waitLimitMs = limits.waitLimitMs ?? PDF_WAIT_LIMIT_MS;
  const maxPdfBytes = limits.maxPdfBytes ?? PDF_MAX_BYTES;
  const pages = new PQueue({ concurrency: PDF_PAGES });
  const owners = new Map<string, PQueue>();
  let waiting = 0;
  const laneOf = (owner: string) => {
    const lane = new PQueue({ concurrency: 1 });
    lane.on('idle', () => {
      if (owners.get(owner) === lane && lane.size === 0 && lane.pending === 0) owners.delete(owner);
    });
    owners.set(owner, lane);
    return lane;
  };
  let renderer: Piscina<RenderTask, RenderResult> | undefined;
  const render = async (html: string, deadline: number): Promise<Buffer> => {
    renderer ??= createWorkerPool(new URL('./render-worker.js', import.meta.url), {
      minThreads: 1,
      maxThreads: 1,
      concurrentTasksPerWorker: PDF_PAGES,
      idleTimeout: Number.POSITIVE_INFINITY,
    });
    const limitMs = Math.min(renderTimeoutMs, deadline - Date.now());
    pdfRenders.inc({ state: 'rendering' });
    const result = await renderer
      .run({ html, chromiumPath, nice, limitMs, maxBytes: maxPdfBytes })
      .finally(() => pdfRenders.dec({ state: 'rendering' }));
    if ('pdf' in result)
      return Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
    throw result.refused === 'too-large' ? badRequest(PDF_RESULT_TOO_LARGE) : busy(PDF_TIMEOUT);
  };
  const checkRoomFor = (owner: string) => {
    const lane = owners.get(owner);
    if (lane && lane.size + lane.pending >= PDF_RENDERS_PER_OWNER)
      throw tooManyRequests(PDF_OWNER_BUSY);
  };
  return {
    checkRoomFor,
    async htmlToPdf(html, owner) {
      if (html.length > MAX_PDF_HTML_LENGTH) throw badRequest(PDF_TOO_LARGE);
      if (!fs.existsSync(chromiumPath)) throw busy(CHROMIUM_MISSING);
      const current = owner === undefined ? undefined : owners.get(owner);
      if (owner !== undefined) checkRoomFor(owner);
      if (waiting >= PDF_QUEUE_LIMIT) throw busy(PDF_BUSY);
      const lane = owner === undefined ? undefined : (current ?? laneOf(owner));
      const deadline = Date.now() + waitLimitMs;
      // Only the wait is cut short: a render that has started keeps its page until it ends.
      const waited = new AbortController();
      const waitTimer = setTimeout(
        () => waited.abort(busy(PDF_BUSY)),
        waitLimitMs - renderTimeoutMs,
      );
      let started = false;
      waiting += 1;
      pdfRenders.inc({ state: 'waiting' });
      const onPage = () =>
        pages.add(
          () => {
            started = true;
            limits.onRenderStart?.(owner);
            waiting -= 1;
            pdfRenders.dec({ state: 'waiting' });
            clearTimeout(waitTimer);
            return render(html, deadline);
          },
          { signal: waited.signal },
        );
      try {
        return await (lane ? lane.add(onPage, { signal: waited.signal }) : onPage());
      } finally {
        clearTimeout(waitTimer);
        if (!started) {
          waiting -= 1;
          pdfRenders.dec({ state: 'waiting' });
        }
      }
    },
    async close() {
      const current = renderer;
      renderer = undefined;
      if (!current) return;
      await current.run(undefined as never, { name: 'closeBrowser' }).catch(() => undefined);
      await current.destroy();
    },
  };
}

/** Nothing to serve; the browser is closed with the app. */
export async function registerPdfRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.addHook('onClose', async () => {
    const pdf = deps.gateways.pdf as Partial<ClosablePdfGateway>;
    await pdf.close?.();
  });
}
