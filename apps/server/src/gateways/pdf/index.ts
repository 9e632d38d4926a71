import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, MAX_PDF_HTML_LENGTH } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import PQueue from 'p-queue';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { badRequest, DomainError, tooManyRequests } from '../../domain/errors.js';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { PdfGateway } from '../../domain/ports.js';
import { withoutResourceHints } from './resource-hints.js';

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
  // No network for the whole browser, loopback included: no name resolves, every connection
  // goes to a proxy that is not there.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
];

/** Starts Chromium under `nice`, so the server's own work comes first on a busy machine. */
const LOW_PRIORITY_LAUNCHER = fileURLToPath(
  new URL('../../../bin/chromium-low-priority.sh', import.meta.url),
);

/** Where the document is served from (by the page's route, never the network): not a file. */
const DOCUMENT_URL = 'https://pdf.invalid/';
/** The document may use only what it holds: inline styles and data: URLs. */
const DOCUMENT_POLICY = "default-src data: 'unsafe-inline'";

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
 * The page printed to A4, read from Chromium as a stream in chunks of 256 KB: page.pdf() brings the
 * whole document as one protocol message, whose parsing held the event loop for hundreds of
 * milliseconds on a large PDF. Past PDF_MAX_BYTES the print is refused.
 */
async function printAsStream(
  pageContext: BrowserContext,
  page: Page,
  maxBytes: number,
): Promise<Buffer> {
  const session = await pageContext.newCDPSession(page);
  const { stream } = await session.send('Page.printToPDF', {
    printBackground: true,
    preferCSSPageSize: true,
    paperWidth: 8.27,
    paperHeight: 11.7,
    transferMode: 'ReturnAsStream',
  });
  if (!stream) throw new Error('Chromium printed no stream');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for (;;) {
      const chunk = await session.send('IO.read', { handle: stream, size: 256 * 1024 });
      const bytes = Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8');
      size += bytes.length;
      if (size > maxBytes) throw badRequest(PDF_RESULT_TOO_LARGE);
      chunks.push(bytes);
      if (chunk.eof) return Buffer.concat(chunks);
    }
  } finally {
    await session.send('IO.close', { handle: stream }).catch(() => undefined);
  }
}

/**
 * HTML → PDF in headless Chromium: one long-lived browser, started at the first use, rendering
 * PDF_PAGES documents at once, with no network. Renders wait for a page in a bounded queue (full:
 * 503) served round-robin across owners (the user who asks): each owner has one render at most on
 * a page or waiting for one, and PDF_RENDERS_PER_OWNER in all (more: 429), so one owner's flood
 * delays another's render by one render at most. A render without an owner waits on its own.
 */
export function createPdfGateway(
  context: GatewayContext,
  limits: { renderTimeoutMs?: number; waitLimitMs?: number; maxPdfBytes?: number } = {},
): ClosablePdfGateway {
  const { chromiumPath } = context.config;
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
  let browser: Promise<Browser> | null = null;
  const launch = () => {
    browser ??= chromium
      .launch({
        executablePath: LOW_PRIORITY_LAUNCHER,
        args: CHROMIUM_ARGS,
        env: { ...process.env, PORTAL_CHROMIUM: chromiumPath },
      })
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
    // offline: CDP's Network.emulateNetworkConditions on every page and frame of the context.
    const pageContext = await (
      await launch()
    ).newContext({ javaScriptEnabled: false, offline: true });
    try {
      const limitMs = Math.min(renderTimeoutMs, deadline - Date.now());
      return await withinTimeLimit(pageContext, limitMs, async () => {
        const page = await pageContext.newPage();
        const document = await page.evaluate(withoutResourceHints, html);
        await pageContext.route('**/*', (route) => {
          const url = route.request().url();
          if (url !== DOCUMENT_URL)
            return url.startsWith('data:') ? route.continue() : route.abort();
          return route.fulfill({
            contentType: 'text/html; charset=utf-8',
            headers: { 'content-security-policy': DOCUMENT_POLICY },
            body: document,
          });
        });
        await page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: limitMs });
        return await printAsStream(pageContext, page, maxPdfBytes);
      });
    } finally {
      await pageContext.close().catch(() => undefined);
    }
  };
  return {
    async htmlToPdf(html, owner) {
      if (html.length > MAX_PDF_HTML_LENGTH) throw badRequest(PDF_TOO_LARGE);
      if (!fs.existsSync(chromiumPath)) throw busy(CHROMIUM_MISSING);
      const current = owner === undefined ? undefined : owners.get(owner);
      if (current && current.size + current.pending >= PDF_RENDERS_PER_OWNER)
        throw tooManyRequests(PDF_OWNER_BUSY);
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
      const onPage = () =>
        pages.add(
          () => {
            started = true;
            waiting -= 1;
            clearTimeout(waitTimer);
            return render(html, deadline);
          },
          { signal: waited.signal },
        );
      try {
        return await (lane ? lane.add(onPage, { signal: waited.signal }) : onPage());
      } finally {
        clearTimeout(waitTimer);
        if (!started) waiting -= 1;
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
