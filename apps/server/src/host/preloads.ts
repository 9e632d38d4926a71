import fs from 'node:fs';
import path from 'node:path';
import { type PageLayout as Layout, ROUTE_BASE } from '@portal/contracts';

/** The host page's entry in the build's manifest (boot.ts is the other entry). */
const ENTRY_KEY = 'index.html';
const BOOT_KEY = 'src/app/boot.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What the web build writes to .vite/route-pages.json (apps/web/vite.config.ts). */
interface RoutePages {
  layouts: Record<Layout, string>;
  routes: Record<Layout, { pattern: string; src: string }[]>;
}

/** For each layout: the files (JS and CSS) its shell needs, and each route's page files beyond those. */
export interface RoutePreloads {
  /** boot.ts's file: the entry of a page the server has drawn. */
  boot: string | null;
  /** The entry's static imports, dependencies first (boot.ts evaluates them one by one). */
  entryModules: string[];
  shell: Record<Layout, string[]>;
  pages: Record<Layout, Map<string, string[]>>;
}

/**
 * Reads the build's manifest and route-to-page map, so the host page can name the chunks of the
 * layout and page it will show (one round of parallel requests instead of entry → layout → page).
 * Null when the build has no map: the page then loads as before, just without the hints.
 */
export function loadRoutePreloads(distDir: string): RoutePreloads | null {
  const read = (file: string) => {
    const full = path.join(distDir, '.vite', file);
    return fs.existsSync(full) ? (JSON.parse(fs.readFileSync(full, 'utf8')) as unknown) : null;
  };
  const manifest = read('manifest.json') as Record<string, ManifestChunk> | null;
  const routePages = read('route-pages.json') as RoutePages | null;
  if (!manifest || !routePages) return null;

  // Dependencies before the chunks that import them, as the browser evaluates them.
  const closure = (key: string, into = new Set<string>(), seen = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return into;
    seen.add(key);
    for (const next of chunk.imports ?? []) closure(next, into, seen);
    for (const css of chunk.css ?? []) into.add(css);
    into.add(chunk.file);
    return into;
  };
  // The entry and its static imports are in index.html already.
  const inPage = closure(ENTRY_KEY);
  const entryFile = manifest[ENTRY_KEY]?.file;
  const result: RoutePreloads = {
    boot: manifest[BOOT_KEY]?.file ?? null,
    entryModules: [...inPage].filter((file) => file.endsWith('.js') && file !== entryFile),
    shell: { mobile: [], desktop: [] },
    pages: { mobile: new Map(), desktop: new Map() },
  };
  for (const layout of ['mobile', 'desktop'] as const) {
    const shell = [...closure(routePages.layouts[layout])].filter((f) => !inPage.has(f));
    result.shell[layout] = shell;
    const known = new Set([...inPage, ...shell]);
    for (const { pattern, src } of routePages.routes[layout]) {
      if (!manifest[src]) continue;
      const page = [...closure(src)].filter((f) => !known.has(f));
      result.pages[layout].set(`${ROUTE_BASE}/${pattern}`.replace(/\/+$/, ''), page);
    }
  }
  return result;
}

/** The chunks to preload for a page address shown in a layout. */
export function preloadsFor(preloads: RoutePreloads, layout: Layout, pathname: string): string[] {
  const page = preloads.pages[layout].get(pathname.replace(/\/+$/, '')) ?? [];
  return [...preloads.shell[layout], ...page];
}
