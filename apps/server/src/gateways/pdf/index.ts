import fs from 'node:fs';
import { ERROR_CODES, MAX_PDF_HTML_LENGTH } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import PQueue from 'p-queue';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { badRequest, DomainError } from '../../domain/errors.js';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { PdfGateway } from '../../domain/ports.js';

export const CHROMIUM_MISSING = '暂无法生成PDF：服务器未安装Chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Pages of the one browser rendering at once (the machine has few cores). */
export const PDF_PAGES = 2;
/** Renders waiting for a page; one more is answered 503 at once instead of waiting its turn. */
export const PDF_QUEUE_LIMIT = 6;
/** A render's own limit: an ordinary ticket takes one or two seconds. */
export const PDF_RENDER_TIMEOUT_MS = 10_000;
/** No answer later than this, waiting included (a caller's patience, and the proxy's). */
export const PDF_WAIT_LIMIT_MS = 25_000;

export const PDF_BUSY = '生成PDF的请求较多，请稍后再试';
export const PDF_TIMEOUT = '生成PDF超时，请稍后再试';
export const PDF_TOO_LARGE = `内容过大，无法生成PDF（最多${MAX_PDF_HTML_LENGTH}个字符）`;

export interface ClosablePdfGateway extends PdfGateway {
  close(): Promise<void>;
}

const busy = (message: string) => new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, message);

/** Closes the context when the render outlives its limit, which ends the render in Chromium. */
async function withinTimeLimit<T>(
  pageContext: BrowserContext,
  limitMs: number,
  render: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void pageContext.close().catch(() => undefined);
      reject(busy(PDF_TIMEOUT));
    }, limitMs);
  });
  try {
    return await Promise.race([render(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * HTML → PDF in headless Chromium: one long-lived browser, started at the first use, rendering
 * PDF_PAGES documents at once; a bounded queue waits for a page, and a full queue is a 503.
 */
export function createPdfGateway(
  context: GatewayContext,
  limits: { renderTimeoutMs?: number; waitLimitMs?: number } = {},
): ClosablePdfGateway {
  const { chromiumPath } = context.config;
  const renderTimeoutMs = limits.renderTimeoutMs ?? PDF_RENDER_TIMEOUT_MS;
  const waitLimitMs = limits.waitLimitMs ?? PDF_WAIT_LIMIT_MS;
  const queue = new PQueue({ concurrency: PDF_PAGES });
  let browser: Promise<Browser> | null = null;
  const launch = () => {
    browser ??= chromium
      .launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS })
      .then((b) => {
        b.on('disconnected', () => (browser = null));
        return b;
      })
      .catch((error: unknown) => {
        browser = null;
        throw error;
      });
    return browser;
  };
  const render = async (html: string, deadline: number): Promise<Buffer> => {
    // No scripts and no network: the document renders from what it holds (no SSRF).
    const pageContext = await (await launch()).newContext({ javaScriptEnabled: false });
    try {
      const limitMs = Math.min(renderTimeoutMs, deadline - Date.now());
      return await withinTimeLimit(pageContext, limitMs, async () => {
        await pageContext.route('**/*', (route) =>
          /^(data|about):/.test(route.request().url()) ? route.continue() : route.abort(),
        );
        const page = await pageContext.newPage();
        await page.setContent(html, { waitUntil: 'load', timeout: limitMs });
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      });
    } finally {
      await pageContext.close().catch(() => undefined);
    }
  };
  return {
    async htmlToPdf(html) {
      if (html.length > MAX_PDF_HTML_LENGTH) throw badRequest(PDF_TOO_LARGE);
      if (!fs.existsSync(chromiumPath)) throw busy(CHROMIUM_MISSING);
      if (queue.size >= PDF_QUEUE_LIMIT) throw busy(PDF_BUSY);
      const deadline = Date.now() + waitLimitMs;
      try {
        return await queue.add(() => render(html, deadline), {
          signal: AbortSignal.timeout(waitLimitMs - renderTimeoutMs),
        });
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // Aborted while still waiting for a page.
        if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError')
          throw busy(PDF_BUSY);
        throw error;
      }
    },
    async close() {
      const current = browser;
      browser = null;
      if (current) await (await current.catch(() => null))?.close();
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
