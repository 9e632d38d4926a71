import fs from 'node:fs';
import path from 'node:path';
import { type PageLayout as Layout, ROUTE_BASE } from '@portal/contracts';

/** The host page's entry in the build's manifest (boot.ts is the other entry). */
const ENTRY_KEY = 'index.html';
const BOOT_KEY = 'src/app/boot.ts';
/** The first script of a signed-in screen's host page (apps/web/src/app/early-calls.ts). */
const EARLY_CALLS_KEY = 'src/app/early-calls.ts';
/** What the entry imports to start the app, in a chunk of its own (apps/web/src/app/main.tsx). */
const START_KEY = 'src/app/start.tsx';

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
  /** early-calls.ts's file: it sends a signed-in screen's first calls before the app loads. */
  earlyCalls: string | null;
  /** The entry's static imports, dependencies first (boot.ts evaluates them one by one). */
  entryModules: string[];
  shell: Record<Layout, string[]>;
  pages: Record<Layout, Map<string, string[]>>;
  /** Chunks in a cycle of imports that only the chunk the app enters it through may run (chunkFiles). */
  notRunAlone: ReadonlySet<string>;
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

  const notRunAlone = new Set<string>();
  /**
   * The files `key` needs, dependencies before the chunks that import them, as the browser
   * evaluates them. Chunks that import one another in a cycle run in the order set by the one the
   * app enters the cycle through (`key`'s side): the others are noted in notRunAlone, as boot.ts
   * asking for one of them first would run a chunk before the one it takes its code from.
   */
  const chunkFiles = (key: string, known: ReadonlySet<string> = new Set()): string[] => {
    const files = new Set<string>();
    const order = new Map<string, { at: number; low: number }>();
    const stack: string[] = [];
    const visit = (at: string) => {
      const chunk = manifest[at];
      if (!chunk) return;
      const mark = { at: order.size, low: order.size };
      order.set(at, mark);
      stack.push(at);
      for (const next of chunk.imports ?? []) {
        const seen = order.get(next);
        if (!seen) {
          visit(next);
          mark.low = Math.min(mark.low, order.get(next)?.low ?? mark.low);
        } else if (stack.includes(next)) mark.low = Math.min(mark.low, seen.at);
      }
      for (const css of chunk.css ?? []) files.add(css);
      files.add(chunk.file);
      // Tarjan's: the first chunk of its cycle reached (or of none) closes it.
      if (mark.low === mark.at) {
        for (const member of stack.splice(stack.indexOf(at) + 1))
          if (!known.has(manifest[member]!.file)) notRunAlone.add(manifest[member]!.file);
        stack.pop();
      }
    };
    visit(key);
    return [...files].filter((file) => !known.has(file));
  };
  // The entry and its static imports are in index.html already.
  const inPage = new Set(chunkFiles(ENTRY_KEY));
  const entryFile = manifest[ENTRY_KEY]?.file;
  const result: RoutePreloads = {
    boot: manifest[BOOT_KEY]?.file ?? null,
    earlyCalls: manifest[EARLY_CALLS_KEY]?.file ?? null,
    entryModules: [...inPage].filter((file) => file.endsWith('.js') && file !== entryFile),
    shell: { mobile: [], desktop: [] },
    pages: { mobile: new Map(), desktop: new Map() },
    notRunAlone,
  };
  // Every layout's shell starts with what starts the app.
  const start = chunkFiles(START_KEY, inPage);
  const beforeLayout = new Set([...inPage, ...start]);
  for (const layout of ['mobile', 'desktop'] as const) {
    const shell = [...start, ...chunkFiles(routePages.layouts[layout], beforeLayout)];
    result.shell[layout] = shell;
    const known = new Set([...inPage, ...shell]);
    for (const { pattern, src } of routePages.routes[layout]) {
      if (!manifest[src]) continue;
      result.pages[layout].set(
        `${ROUTE_BASE}/${pattern}`.replace(/\/+$/, ''),
        chunkFiles(src, known),
      );
    }
  }
  return result;
}

/** The chunks to preload for a page address shown in a layout. */
export function preloadsFor(preloads: RoutePreloads, layout: Layout, pathname: string): string[] {
  const page = preloads.pages[layout].get(pathname.replace(/\/+$/, '')) ?? [];
  return [...preloads.shell[layout], ...page];
}
