import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenRender, FirstScreenRequest } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** The web build's server renderer (apps/web/src/app/server-render.tsx), as this host calls it. */
export type RenderFirstScreen = (request: FirstScreenRequest) => Promise<FirstScreenRender | null>;

/** Where `vite build --ssr` writes it inside the web build (dot-named: never served). */
const RENDERER_FILE = path.join('.ssr', 'server-render.js');
/** Past this the page goes out undrawn: the SPA draws it, as it would anyway. */
const RENDER_WAIT_MS = 300;

/** The build's renderer, or null when the build has none (the SPA then draws every page). */
export async function loadFirstScreenRenderer(
  distDir: string,
  log: FastifyBaseLogger,
): Promise<RenderFirstScreen | null> {
  const file = path.join(distDir, RENDERER_FILE);
  if (!fs.existsSync(file)) return null;
  try {
    const renderer = (await import(pathToFileURL(file).href)) as {
      renderFirstScreen?: RenderFirstScreen;
    };
    return renderer.renderFirstScreen ?? null;
  } catch (error) {
    log.warn({ err: error }, 'the web build’s first-screen renderer could not be loaded');
    return null;
  }
}

/** The renderer's drawing, or null when it declines, fails or is slower than RENDER_WAIT_MS. */
export async function drawFirstScreen(
  render: RenderFirstScreen,
  request: FirstScreenRequest,
  log: FastifyBaseLogger,
): Promise<FirstScreenRender | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      render(request),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
      }),
    ]);
  } catch (error) {
    log.warn({ err: error, url: request.url }, 'first screen not drawn');
    return null;
  } finally {
    clearTimeout(timer);
  }
}
