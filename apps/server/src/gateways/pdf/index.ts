import fs from 'node:fs';
import { ERROR_CODES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { DomainError } from '../../domain/errors.js';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { PdfGateway } from '../types.js';

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

export interface ClosablePdfGateway extends PdfGateway {
  close(): Promise<void>;
}

/** HTML → PDF in headless Chromium; one browser, started at the first use. */
export function createPdfGateway(context: GatewayContext): ClosablePdfGateway {
  const { chromiumPath } = context.config;
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
  return {
    async htmlToPdf(html) {
      if (!fs.existsSync(chromiumPath))
        throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, CHROMIUM_MISSING);
      // No scripts and no network: the document renders from what it holds (no SSRF).
      const pageContext = await (await launch()).newContext({ javaScriptEnabled: false });
      try {
        await pageContext.route('**/*', (route) =>
          /^(data|about):/.test(route.request().url()) ? route.continue() : route.abort(),
        );
        const page = await pageContext.newPage();
        await page.setContent(html, { waitUntil: 'load', timeout: 15_000 });
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      } finally {
        await pageContext.close();
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
