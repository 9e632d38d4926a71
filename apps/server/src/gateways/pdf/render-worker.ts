import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { lowerThisThreadsPriority } from '../../platform/worker-pool.js';
import { withoutResourceHints } from './resource-hints.js';

// Runs in a worker thread (index.ts): Playwright's client parses every protocol message and starts
// and ends pages; on the server's own thread that held its event loop for hundreds of milliseconds.
lowerThisThreadsPriority();

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

/** Starts Chromium at a low priority, so the server's own work comes first on a busy machine. */
const LOW_PRIORITY_LAUNCHER = fileURLToPath(
  new URL('../../../bin/chromium-low-priority.sh', import.meta.url),
);

/** Where the document is served from (by the page's route, never the network): not a file. */
const DOCUMENT_URL = 'https://pdf.invalid/';
/** The document may use only what it holds: inline styles and data: URLs. */
const DOCUMENT_POLICY = "default-src data: 'unsafe-inline'";

export interface RenderTask {
  html: string;
  chromiumPath: string;
  /** The browser's nice, for its whole session (bin/chromium-low-priority.sh). */
  nice: number;
  limitMs: number;
  maxBytes: number;
}

/** What a render ends in; the gateway turns a refusal into the caller's message. */
export type RenderResult = { pdf: Uint8Array } | { refused: 'timeout' } | { refused: 'too-large' };

class TooLarge extends Error {}
class OutOfTime extends Error {}

let browser: Promise<Browser> | null = null;
function launch(chromiumPath: string, nice: number): Promise<Browser> {
  browser ??= chromium
    .launch({
      executablePath: LOW_PRIORITY_LAUNCHER,
      args: CHROMIUM_ARGS,
      env: { ...process.env, PORTAL_CHROMIUM: chromiumPath, PORTAL_CHROMIUM_NICE: String(nice) },
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
}

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
      reject(new OutOfTime());
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
 * whole document as one protocol message. Past maxBytes the print is refused.
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
      if (size > maxBytes) throw new TooLarge();
      chunks.push(bytes);
      if (chunk.eof) return Buffer.concat(chunks);
    }
  } finally {
    await session.send('IO.close', { handle: stream }).catch(() => undefined);
  }
}

/** HTML → PDF on a fresh context of the one browser, offline, within limitMs. */
export default async function renderPdf({
  html,
  chromiumPath,
  nice,
  limitMs,
  maxBytes,
}: RenderTask): Promise<RenderResult> {
  // offline: CDP's Network.emulateNetworkConditions on every page and frame of the context.
  const pageContext = await (
    await launch(chromiumPath, nice)
  ).newContext({ javaScriptEnabled: false, offline: true });
  try {
    const pdf = await withinTimeLimit(pageContext, limitMs, async () => {
      const page = await pageContext.newPage();
      const document = await page.evaluate(withoutResourceHints, html);
      await pageContext.route('**/*', (route) => {
        const url = route.request().url();
        if (url !== DOCUMENT_URL) return url.startsWith('data:') ? route.continue() : route.abort();
        return route.fulfill({
          contentType: 'text/html; charset=utf-8',
          headers: { 'content-security-policy': DOCUMENT_POLICY },
          body: document,
        });
      });
      await page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: limitMs });
      return await printAsStream(pageContext, page, maxBytes);
    });
    return { pdf };
  } catch (error) {
    if (error instanceof TooLarge) return { refused: 'too-large' };
    // Playwright's own timeout on the page's load is the same limit reached.
    if (error instanceof OutOfTime || (error as Error).name === 'TimeoutError')
      return { refused: 'timeout' };
    throw error;
  } finally {
    await pageContext.close().catch(() => undefined);
  }
}

/** Closes the browser before the pool ends its thread. */
export async function closeBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  if (current) await (await current.catch(() => null))?.close();
}
