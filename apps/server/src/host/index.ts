import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  ANSWERED_FOR_ATTRIBUTE,
  DEFERRED_SCRIPTS_ELEMENT_ID,
  type DeferredScripts,
  EARLY_CALLS_ELEMENT_ID,
  type EarlyCalls,
  FALLBACK_ROUTE,
  FIRST_ANSWERS_ELEMENT_ID,
  ELDER_MODE_ATTRIBUTE,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstScreenRender,
  isElderMode,
  isMobileUserAgent,
  PAGE_CONFIG_ELEMENT_ID,
  REGION_DATA_PATH,
  ROUTE_BASE,
  RUNTIME_CONFIG_ELEMENT_ID,
  sessionTokenOf,
  tokenSubjectOf,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { processCache } from '../platform/process-cache.js';
import { REGION_DATA } from '../domain/regions.js';
import { pageConfigFor, type PageConfig } from '../domain/sites/tenants.js';
import type { AppDeps } from '../platform/deps.js';
import { hostPageHelmet } from '../platform/security-headers.js';
import { refuse } from '../platform/envelope.js';
import { earlyCallsFor } from './early-calls.js';
import { firstAnswersFor, signedInAnswersFor } from './first-answers.js';
import { drawFirstScreen, loadFirstScreenRenderer } from './first-screen.js';
import { loadRoutePreloads, preloadsFor, type RoutePreloads } from './preloads.js';
import { runtimeConfigFor } from './runtime-config.js';

export const CONFIG_PLACEHOLDER = '<!--portal-config-->';
const API_PREFIXES = ['/services/', '/identity', '/gateways/'];
/** How long a site's page config is reused in host pages (GetPageConfig itself always reads). */
const PAGE_CONFIG_TTL_MS = 30_000;

/** JSON inside a <script type="application/json">: '<' escaped so it cannot close the element. */
const dataIsland = (id: string, value: unknown, attributes = '') =>
  `<script type="application/json" id="${id}"${attributes}>${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** A value inside a double-quoted attribute, escaped. */
const attributeValue = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built template's entry script and the modules it preloads (Vite writes them so). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;
const EMPTY_ROOT = '<div id="root"></div>';

export interface HostPageParts {
  /** 长辈模式, from the visitor's cookie: on <html> before the first paint, and in the drawing. */
  elder: boolean;
  /** The layout's and page's chunks (modulepreload) and stylesheets for this address and layout. */
  preloads: readonly string[];
  /** The site's PageConfig/GetPageConfig answer, so the first screen need not wait for it (§2). */
  pageConfig: PageConfig | null;
  /** The answers to the page's first calls, by call (host/first-answers.ts). */
  firstAnswers: Record<string, unknown> | null;
  /** When firstAnswers holds a signed-in screen's answers: the account they were asked for. */
  answeredFor: string | null;
  /** A signed-in screen's first calls and the script that sends them (host/early-calls.ts). */
  earlyCalls: { script: string; calls: EarlyCalls } | null;
  /** The page as the web build's renderer drew it, with boot.ts's file to load its scripts after. */
  firstScreen: {
    render: FirstScreenRender;
    boot: string;
    entryModules: string[];
    notRunAlone: ReadonlySet<string>;
  } | null;
}

/**
 * The host page: the built index.html with the runtime config object (§3) and the site's page
 * config and the first screen's public answers written in as JSON data islands: no inline script
 * runs, and the page changes only with the deployment, the site, the layout and those answers, so
 * it can be revalidated by its ETag.
 */
export function renderHostPage(
  template: string,
  config: AppDeps['config'],
): (parts: HostPageParts) => string {
  const island = dataIsland(RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigFor(config));
  const at = template.indexOf(CONFIG_PLACEHOLDER);
  const [before, after] = [template.slice(0, at), template.slice(at + CONFIG_PLACEHOLDER.length)];
  const elderBefore = before.replace(/<html\b/, `<html ${ELDER_MODE_ATTRIBUTE}`);
  // A drawn page's template: no script or module before its first paint; boot.ts asks for them.
  const entry = ENTRY_SCRIPT.exec(after)?.[1];
  const drawnAfter = after.replace(MODULE_PRELOAD, '');
  return ({ elder, preloads, pageConfig, firstAnswers, answeredFor, earlyCalls, firstScreen }) => {
    const drawn = firstScreen && entry ? firstScreen : null;
    const stylesheets = preloads.filter((file) => file.endsWith('.css'));
    const modules = preloads.filter((file) => !file.endsWith('.css'));
    return [
      elder ? elderBefore : before,
      // The drawing's CSS-in-JS styles first, where antd itself puts its styles: the layout's
      // stylesheets after them win at equal specificity, as in the browser.
      drawn ? drawn.render.head : '',
      island,
      pageConfig ? dataIsland(PAGE_CONFIG_ELEMENT_ID, pageConfig) : '',
      firstAnswers
        ? dataIsland(
            FIRST_ANSWERS_ELEMENT_ID,
            firstAnswers,
            answeredFor ? ` ${ANSWERED_FOR_ATTRIBUTE}="${attributeValue(answeredFor)}"` : '',
          )
        : '',
      // Stylesheets as the layout's loader would add them (it then finds them in place).
      ...stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...(drawn
        ? [
            dataIsland(FIRST_SCREEN_ELEMENT_ID, drawn.render.state),
            dataIsland(DEFERRED_SCRIPTS_ELEMENT_ID, {
              entry: `/${entry}`,
              preload: [...drawn.entryModules, ...modules].map((file) => `/${file}`),
              run: [...drawn.entryModules, ...modules]
                .filter((file) => !drawn.notRunAlone.has(file))
                .map((file) => `/${file}`),
            } satisfies DeferredScripts),
            drawnAfter
              .replace(
                ENTRY_SCRIPT,
                `<script type="module" crossorigin src="/${drawn.boot}"></script>`,
              )
              .replace(EMPTY_ROOT, `<div id="root">${drawn.render.html}</div>`),
          ]
        : [
            // First, so that its calls start while the modules below still load.
            ...(earlyCalls
              ? [
                  dataIsland(EARLY_CALLS_ELEMENT_ID, earlyCalls.calls),
                  `<script type="module" crossorigin src="/${earlyCalls.script}"></script>`,
                ]
              : []),
            ...modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            after,
          ]),
    ].join('');
  };
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>尚未构建</title>
<body style="font-family:sans-serif;padding:2rem"><h1>网页端尚未构建</h1>
<p>请先运行 <code>npm run build</code>（或用 <code>npm start</code> 启动，它会先构建）。</p></body></html>`;

const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** A short-lived cache of each site's page config for the host page (one lookup per site at once). */
function pageConfigCache(deps: AppDeps) {
  const entries = processCache<string, Promise<PageConfig>>(deps.db, 'host page config', {
    max: 1000,
    ttlMs: PAGE_CONFIG_TTL_MS,
  });
  return (host: string): Promise<PageConfig | null> => {
    let value = entries.get(host);
    if (!value) entries.set(host, (value = pageConfigFor(deps.db, host)));
    // Without it the SPA asks GetPageConfig before its first screen, as the spec's flow does.
    return value.catch(() => {
      entries.delete(host);
      return null;
    });
  };
}

export async function registerHost(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const distDir = deps.config.webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const render = built ? renderHostPage(fs.readFileSync(indexFile, 'utf8'), deps.config) : null;
  const routePreloads: RoutePreloads | null = built ? loadRoutePreloads(distDir) : null;
  const sitePageConfig = pageConfigCache(deps);
  const renderFirstScreen = built ? await loadFirstScreenRenderer(distDir, app.log) : null;
  const runtimeConfig = runtimeConfigFor(deps.config);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each file (vite-plugin-compression2).
      preCompressed: true,
      // Ours, below: send's own Cache-Control (max-age=0) would otherwise replace it.
      cacheControl: false,
      // Hashed names never change: a year, immutable. Other files (favicon) revalidate daily.
      setHeaders: (res, filePath) => {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        );
      },
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!render) {
      return reply
        .status(503)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    const url = new URL(request.url, 'http://host');
    // As the SPA decides (§2), with the reviewer's phone frame inside the flow preview.
    const mobile =
      isMobileUserAgent(request.headers['user-agent'] ?? '') ||
      (url.pathname === `${ROUTE_BASE}/flowPreview` && url.searchParams.get('Frame') === 'mobile');
    const layout = mobile ? 'mobile' : 'desktop';
    const elder = isElderMode(request.headers.cookie);
    // A signed-in screen is drawn with the answers to its calls asked with the page's token.
    const token = sessionTokenOf(request.headers.cookie);
    const [pageConfig, publicAnswers, signedInAnswers] = await Promise.all([
      sitePageConfig(request.hostname.toLowerCase()),
      firstAnswersFor(app, deps.config, request, layout, url),
      token ? signedInAnswersFor(app, deps.config, request, layout, url, token) : null,
    ]);
    const signedInAs = signedInAnswers && token ? tokenSubjectOf(token) : null;
    // The island names the account: it holds only what was asked for it.
    const firstAnswers = signedInAs ? signedInAnswers : publicAnswers;
    // The first screens are drawn here: the browser paints them before any script.
    const drawn =
      renderFirstScreen && routePreloads?.boot && firstAnswers
        ? await drawFirstScreen(
            renderFirstScreen,
            {
              url: `${deps.config.publicUrl}${request.url}`,
              layout,
              runtimeConfig,
              firstAnswers: signedInAs ? { ...publicAnswers, ...firstAnswers } : firstAnswers,
              elder,
              ...(signedInAs ? { signedInAs } : {}),
            },
            request.log,
          )
        : null;
    // The page's first script sends a signed-in screen's calls when the host could not.
    const earlyScript = drawn || signedInAs ? null : routePreloads?.earlyCalls;
    const earlyCalls = earlyScript ? earlyCallsFor(deps.config, layout, url) : null;
    const body = render({
      elder,
      preloads: routePreloads ? preloadsFor(routePreloads, layout, url.pathname) : [],
      pageConfig,
      firstAnswers,
      answeredFor: signedInAs,
      earlyCalls: earlyScript && earlyCalls ? { script: earlyScript, calls: earlyCalls } : null,
      firstScreen:
        drawn && routePreloads?.boot
          ? {
              render: drawn,
              boot: routePreloads.boot,
              entryModules: routePreloads.entryModules,
              notRunAlone: routePreloads.notRunAlone,
            }
          : null,
    });
    if (signedInAs) {
      // One person's page: kept by no cache, their browser's included.
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Vary', 'User-Agent, Cookie')
        .status(200)
        .type('text/html; charset=utf-8')
        .send(body);
    }
    const etag = etagOf(body);
    // Always revalidated (a new deployment or site setting shows at once); a 304 costs no body,
    // and unlike no-store the page may enter the back/forward cache.
    reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', etag)
      .header('Vary', 'User-Agent, Cookie');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.status(200).type('text/html; charset=utf-8').send(body);
  }
  const pageOptions = { helmet: hostPageHelmet(deps.config) };

  // RegionData (§3) is ~15 KB: the forms that need it fetch it, the host page does not carry it.
  const regionJson = JSON.stringify(REGION_DATA);
  const regionEtag = etagOf(regionJson);
  app.get(REGION_DATA_PATH, (request, reply) => {
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', regionEtag)
      .type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === regionEtag) return reply.status(304).send();
    return reply.send(regionJson);
  });

  app.get('/', (_request, reply) => reply.redirect(FALLBACK_ROUTE));
  app.get(ROUTE_BASE, pageOptions, sendPage);
  app.get(`${ROUTE_BASE}/*`, pageOptions, sendPage);
  // Any other page address: the SPA sends unknown paths to the project list (§2).
  app.get('/*', (request, reply) => {
    if (API_PREFIXES.some((p) => request.url.startsWith(p)))
      return refuse(reply, 404, `接口不存在：GET ${request.url.split('?')[0]}`);
    return reply.redirect(FALLBACK_ROUTE);
  });
}
