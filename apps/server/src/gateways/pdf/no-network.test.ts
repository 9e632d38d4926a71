import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createMemoryStore } from '../../platform/kv-store.js';
import { createSecrets } from '../../platform/secrets.js';
import type { GatewayContext } from '../index.js';
import { createPdfGateway } from './index.js';
import { withoutResourceHints } from './resource-hints.js';

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(0x80);
  return PNG.sync.write(image);
}

const dataUrl = (image: Buffer) => `data:image/png;base64,${image.toString('base64')}`;

/** Chromium writes each image it prints as an XObject with its own pixel size. */
const printsImageOf = (pdf: Buffer, width: number, height: number) =>
  pdf.toString('latin1').includes(`/Width ${width}\n/Height ${height}\n`);

/** Every way a document can make the browser fetch, aimed at local listeners. */
function hostileDocument(at: (kind: string) => string, rawPort: number, file: string): string {
  return `<!doctype html><html><head>
<base href="${at('base/')}">
<link rel=prefetch href="${at('prefetch')}">
<link rel="PRE&#70;ETCH" href="${at('prefetch-encoded')}">
<link rel=preload as=image href="${at('preload-image')}">
<link rel=preload as=style href="${at('preload-style')}">
<link rel=preload as=font crossorigin href="${at('preload-font')}">
<link rel="preload stylesheet" href="${at('preload-stylesheet')}">
<link rel=modulepreload href="${at('modulepreload')}">
<link rel=prerender href="${at('prerender')}">
<link rel=preconnect href="http://127.0.0.1:${rawPort}">
<link rel=preconnect href="http://localhost:${rawPort}" crossorigin>
<link rel=dns-prefetch href="http://127.0.0.1:${rawPort}">
<link rel=icon href="${at('icon')}">
<link rel=manifest href="${at('manifest')}">
<link rel=stylesheet href="${at('stylesheet')}">
<script type=speculationrules>{"prefetch":[{"source":"list","urls":["${at('speculation')}"]}]}</script>
<script src="${at('script')}"></script>
<script>fetch("${at('fetch')}"); new Image().src = "${at('script-image')}";</script>
<style>
@import url("${at('import')}");
@font-face { font-family: Remote; src: url("${at('font-face')}"); }
h1 { font-family: Remote; background: url("${at('css-url')}"); }
ul { list-style-image: url("${at('list-style')}"); }
p::after { content: url("${at('content')}"); }
.data { width: 40px; height: 10px; background: url("${dataUrl(png(4, 1))}"); }
</style>
</head><body background="${at('body-background')}">
<h1>准考证</h1><p>张三</p><ul><li>考场</li></ul><div class=data></div>
<img src="${at('img')}"><img src="relative"><img srcset="${at('srcset')} 1x">
<picture><source srcset="${at('picture')}"><img alt=""></picture>
<input type=image src="${at('input-image')}">
<iframe src="${at('iframe')}"></iframe>
<iframe srcdoc="<link rel=prefetch href='${at('srcdoc-prefetch')}'><img src='${at('srcdoc-img')}'>"></iframe>
<object data="${at('object')}"></object><embed src="${at('embed')}">
<video poster="${at('poster')}" src="${at('video')}"><track src="${at('track')}"></video>
<audio src="${at('audio')}"></audio>
<svg width=10 height=10><image href="${at('svg-image')}" width=10 height=10 /></svg>
<table background="${at('table-background')}"><tr><td>x</td></tr></table>
<noscript><link rel=prefetch href="${at('noscript-prefetch')}"><img src="${at('noscript-img')}"></noscript>
<img src="file://${file}"><img src="${dataUrl(png(3, 2))}">
</body></html>`;
}

describe('The PDF renderer has no network', () => {
  const requests: string[] = [];
  let connections = 0;
  let web: http.Server;
  let raw: net.Server;
  let context: GatewayContext;
  let dataDir: string;
  beforeAll(async () => {
    web = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('x');
    });
    raw = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-no-network-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: dataDir,
    });
    context = { config, secrets: await createSecrets(), store: createMemoryStore() };
  });
  afterAll(async () => {
    web.close();
    raw.close();
    await context.store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders a document aimed at local ports without one request or connection reaching them, printing its data: images', async () => {
    const { port } = web.address() as net.AddressInfo;
    const at = (kind: string) => `http://127.0.0.1:${port}/${kind}`;
    const file = path.join(dataDir, 'someone-elses-photo.png');
    fs.writeFileSync(file, png(7, 5));
    // What is checked is the network, not the time: a loaded CI machine took more than the
    // production limit (10 s) to start Chromium and print this document.
    const gateway = createPdfGateway(context, { renderTimeoutMs: 40_000, waitLimitMs: 40_000 });
    let pdf: Buffer;
    let refreshed: Buffer;
    try {
      pdf = await gateway.htmlToPdf(
        hostileDocument(at, (raw.address() as net.AddressInfo).port, file),
      );
      refreshed = await gateway.htmlToPdf(
        `<meta http-equiv=refresh content="0;url=${at('refresh')}"><p>准考证</p>`,
      );
    } finally {
      await gateway.close();
    }
    await sleep(200);
    expect(requests).toEqual([]);
    expect(connections).toBe(0);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(refreshed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(printsImageOf(pdf, 3, 2)).toBe(true);
    expect(printsImageOf(pdf, 4, 1)).toBe(true);
    expect(printsImageOf(pdf, 7, 5)).toBe(false);
  }, 60_000);
});

describe('Resource hints are removed as Chromium parses the document', () => {
  let browser: Browser;
  const strip = async (html: string) => {
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    return page.evaluate(withoutResourceHints, html);
  };
  beforeAll(async () => {
    const { chromiumPath } = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: os.tmpdir(),
    });
    browser = await chromium.launch({ executablePath: chromiumPath });
  });
  afterAll(() => browser.close());

  it('removes every link but a stylesheet, speculation rules and a refresh, however written, in noscript, templates and srcdoc too', async () => {
    const stripped = await strip(`<!doctype html><head>
<link rel=prefetch href=a><LINK REL=PRELOAD href=b><link rel="&#112;reconnect" href=c>
<link rel="stylesheet prefetch" href=d><link rel=dns-prefetch href=e><link rel=prerender href=f>
<link rel=modulepreload href=g><link rel=icon href=h><script type=SpeculationRules>{}</script>
<meta http-equiv=Refresh content="0;url=data:text/html,refresh">
<link rel=stylesheet href="data:text/css,p{color:red}"></head>
<body><p>准考证</p><noscript><link rel=prefetch href=i></noscript>
<iframe srcdoc="<link rel=preload href=j><iframe srcdoc='&lt;link rel=prefetch href=k&gt;'></iframe>"></iframe>
<svg><link rel=prefetch href=l /></svg><template><link rel=prefetch href=m></template>
<div><template shadowrootmode=open><template><link rel=preload href=n></template></template></div>`);
    expect(stripped).not.toMatch(/prefetch|preload|preconnect|prerender|icon|speculation|refresh/i);
    expect(stripped).toMatch(/^<!DOCTYPE html>/);
    expect(stripped).toContain('<link rel="stylesheet" href="data:text/css,p{color:red}">');
    expect(stripped).toContain('<p>准考证</p>');
  }, 30_000);

  it('leaves a document without hints as it was, quirks mode included', async () => {
    const clean = '<p>准考证<img src="data:image/png;base64,AA=="></p>';
    expect(await strip(clean)).toBe(clean);
    expect(await strip(`<link rel=prefetch href=a>${clean}`)).toBe(
      `<html><head></head><body>${clean}</body></html>`,
    );
  }, 30_000);
});
