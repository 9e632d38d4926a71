import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { FALLBACK_ROUTE, ROUTE_BASE, RUNTIME_CONFIG_GLOBAL } from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../platform/deps.js';
import { hostPageHelmet, scriptNonceOf } from '../platform/security-headers.js';
import { refusal } from '../services/envelope.js';
import { runtimeConfigFor } from './runtime-config.js';

export const CONFIG_PLACEHOLDER = '<!--portal-config-->';
const API_PREFIXES = ['/services/', '/identity', '/gateways/'];

/**
 * The host page: the built index.html with the runtime config object written in, as the one
 * inline script the page's Content-Security-Policy lets run (by its per-response nonce).
 */
export function renderHostPage(
  template: string,
  config: AppDeps['config'],
): (scriptNonce: string) => string {
  // Escape '<' so the JSON cannot close the script element.
  const json = JSON.stringify(runtimeConfigFor(config)).replace(/</g, '\\u003c');
  const at = template.indexOf(CONFIG_PLACEHOLDER);
  const [before, after] = [template.slice(0, at), template.slice(at + CONFIG_PLACEHOLDER.length)];
  return (scriptNonce) =>
    `${before}<script nonce="${scriptNonce}">window.${RUNTIME_CONFIG_GLOBAL}=${json}</script>${after}`;
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>尚未构建</title>
<body style="font-family:sans-serif;padding:2rem"><h1>网页端尚未构建</h1>
<p>请先运行 <code>npm run build</code>（或用 <code>npm start</code> 启动，它会先构建）。</p></body></html>`;

export async function registerHost(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const indexFile = path.join(deps.config.webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const page = built
    ? renderHostPage(fs.readFileSync(indexFile, 'utf8'), deps.config)
    : () => NOT_BUILT_PAGE;
  if (built) {
    await app.register(fastifyStatic, {
      root: deps.config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // Hashed file names never change; the host page itself is never cached.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendPage = (reply: FastifyReply) =>
    reply
      .status(built ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(scriptNonceOf(reply.raw)));
  const pageOptions = { helmet: hostPageHelmet(deps.config) };

  app.get('/', (_request, reply) => reply.redirect(FALLBACK_ROUTE));
  app.get(ROUTE_BASE, pageOptions, (_request, reply) => sendPage(reply));
  app.get(`${ROUTE_BASE}/*`, pageOptions, (_request, reply) => sendPage(reply));
  // Any other page address: the SPA sends unknown paths to the project list (§2).
  app.get('/*', (request, reply) => {
    if (API_PREFIXES.some((p) => request.url.startsWith(p)))
      return reply.status(404).send(refusal(404, `接口不存在：GET ${request.url.split('?')[0]}`));
    return reply.redirect(FALLBACK_ROUTE);
  });
}
