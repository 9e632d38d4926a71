/// <reference types="vitest/config" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
// By path: vite loads its config with Node, which cannot import the package's TypeScript entry.
import {
  REGION_DATA_PATH,
  RUNTIME_CONFIG_GLOBAL,
  SERVICE_IDS,
  type RuntimeConfig,
} from '../../packages/contracts/src/index.ts';

const CONFIG_PLACEHOLDER = '<!--portal-config-->';
/** Where `vite build --ssr` writes the server's renderer; dot-named, so the host never serves it. */
const SERVER_RENDER_DIR = 'dist/.ssr';
const DEV_SERVER = 'http://localhost:8080';

/** `vite` dev only: the host page's config object (§3), pointing at a local `npm run dev` server. */
function devRuntimeConfig(): Plugin {
  const config: RuntimeConfig = {
    Auth: { Authority: `${DEV_SERVER}/identity` },
    WebSite: {
      UserClient: {
        ClientID: 'portal-web',
        ClientScope: 'openid profile',
        ClientDomain: 'http://localhost:5173/views/home/project',
        DefaultGlobalWeChatShare: { Title: 'Portal', Describe: '', PageUel: '', LogoUrl: '' },
      },
    },
    Aliyun: { NVC: { Appkey: '' } },
    MicroServices: SERVICE_IDS.map((id) => ({
      ServiceID: id,
      ServiceEndpoint: `${DEV_SERVER}/services/${id}`,
    })),
  };
  return {
    name: 'portal-dev-runtime-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        CONFIG_PLACEHOLDER,
        `<script>window.${RUNTIME_CONFIG_GLOBAL}=${JSON.stringify(config)}</script>`,
      ),
  };
}

/** Records which packages each output chunk holds, for scripts/report-chunks.mjs. */
function chunkPackages(): Plugin {
  return {
    name: 'portal-chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = new Set<string>();
        for (const id of output.moduleIds) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
          if (match?.[1]) names.add(match[1]);
        }
        packages[output.fileName] = [...names].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: JSON.stringify(packages, null, 2),
      });
    },
  };
}

/**
 * The support floor (docs/decisions.md, "Support floor"): ES2020 syntax, Safari/WKWebView 14 (iOS 14), Chrome 87
 * (WeChat's Android X5/XWeb kernels). `npm run build` checks the output with es-check against
 * ES_FLOOR and fails when a chunk holds newer syntax.
 */
export const BUILD_TARGET = ['es2020', 'safari14', 'chrome87'];

const ROUTE_TABLES = {
  mobile: { layout: 'src/app/mobile-app.tsx', table: 'src/app/routes/mobile-routes.ts' },
  desktop: { layout: 'src/app/desktop-app.tsx', table: 'src/app/routes/desktop-routes.ts' },
} as const;

/**
 * Writes .vite/route-pages.json: each layout's chunk and, for each route of its table, the page
 * module — so the host page can modulepreload the layout and page it will show
 * (apps/server/src/host/preloads.ts) instead of the browser finding them one level at a time.
 * Read from the tables' source: each `page: () => import('…')` takes the nearest route name above
 * it (`ROUTE_PATTERNS.x` or `childPattern('parent', 'x')`), resolved by src/platform/paths.ts.
 */
function routePages(): Plugin {
  const read = (file: string) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return {
    name: 'portal-route-pages',
    apply: 'build',
    generateBundle() {
      const patterns = new Map<string, string>();
      const block = /ROUTE_PATTERNS = \{([\s\S]*?)\n\} as const/.exec(
        read('src/platform/paths.ts'),
      );
      for (const [, name, pattern] of block?.[1]?.matchAll(/(\w+): '([^']*)'/g) ?? [])
        patterns.set(name!, pattern!);
      const routes: Record<string, { pattern: string; src: string }[]> = {};
      for (const [layout, { table }] of Object.entries(ROUTE_TABLES)) {
        const source = read(table);
        const found: { pattern: string; src: string }[] = [];
        let name: string | undefined;
        const tokens =
          /ROUTE_PATTERNS\.(\w+)|childPattern\('\w+', '(\w+)'\)|page: \(\) => import\('([^']+)'\)/g;
        for (const [, direct, child, specifier] of source.matchAll(tokens)) {
          if (direct ?? child) name = direct ?? child;
          else if (specifier && name && patterns.has(name)) {
            const file = path.posix.join(path.posix.dirname(table), specifier);
            const src = ['.tsx', '.ts']
              .map((ext) => file + ext)
              .find((f) => fs.existsSync(path.join(import.meta.dirname, f)));
            if (src) found.push({ pattern: patterns.get(name)!, src });
          }
        }
        if (found.length === 0) this.error(`no page routes read from ${table}`);
        routes[layout] = found;
      }
      const layouts = Object.fromEntries(
        Object.entries(ROUTE_TABLES).map(([layout, { layout: src }]) => [layout, src]),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-pages.json',
        source: JSON.stringify({ layouts, routes }, null, 2),
      });
    },
  };
}

const MOBILE_UI =
  /node_modules[\\/](antd-mobile|antd-mobile-icons|antd-mobile-v5-count|@react-spring|@use-gesture|ahooks|rc-util|rc-field-form|rc-segmented|staged-components|runes2|react-fast-compare|@floating-ui|nano-memoize|lodash)[\\/]/;
const DESKTOP_UI =
  /node_modules[\\/](?:(?:antd|@ant-design|@emotion|stylis|clsx|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|is-mobile)[\\/]|@rc-component[\\/](?!mini-decimal))/;

/**
 * The contract in one chunk: its schemas are built on first use (lazySchema), so running it costs
 * little, and a chunk per area was a request and a round trip each on a phone's network.
 */
const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/]/;

/** `vite build --ssr`: the server's drawing of first screens (src/app/server-render.tsx). */
const serverRenderBuild: UserConfig = {
  plugins: [react()],
  // Every package bundled in, so antd-mobile's stylesheet imports are dropped with it.
  // jsdom (the DOM rich text is sanitised in) reads its own files at run time: Node loads it.
  ssr: { noExternal: true, external: ['jsdom'] },
  // Vite leaves it to the server's environment in an SSR build: the libraries would then draw in
  // their development builds (antd's class names among what differs from the browser's build).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    ssr: 'src/app/server-render.tsx',
    outDir: SERVER_RENDER_DIR,
    emptyOutDir: true,
    sourcemap: false,
    // Memory (docs/performance.md "Memory"): Node keeps each module's source text for the life
    // of the process, minified it is half; and one script of megabytes left ~30 MB of its parse in
    // the server's malloc heap for good, where chunks (a page's loaded at its first drawing) do not.
    minify: true,
    target: 'node20',
  },
};

const browserBuild: UserConfig = {
  plugins: [
    react(),
    devRuntimeConfig(),
    chunkPackages(),
    routePages(),
    // Served by the host with @fastify/static's preCompressed (apps/server/src/host).
    compression({
      include: /\.(js|css|svg|json|ico|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  // `vite` dev: the host's RegionData file comes from the local `npm run dev` server.
  server: { proxy: { [REGION_DATA_PATH]: DEV_SERVER } },
  build: {
    manifest: true,
    sourcemap: false,
    target: BUILD_TARGET,
    cssTarget: BUILD_TARGET,
    rolldownOptions: {
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        // The entry of a page the server has drawn (apps/server/src/host).
        boot: path.join(import.meta.dirname, 'src/app/boot.ts'),
        // The first script of a signed-in screen's host page: it sends the screen's first calls.
        'early-calls': path.join(import.meta.dirname, 'src/app/early-calls.ts'),
      },
      output: {
        // Each layout's UI library with its helpers as one chunk: the automatic split made dozens
        // of sub-kilobyte chunks (a request and a round trip each on a phone's network).
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Chunks of their own, for boot.ts to run as tasks of their own (the entry's code would
          // otherwise hold them and be imported back by the layouts): react-dom (through
          // src/shared/react-dom-client.ts, so its CommonJS body runs with its chunk), zod, the
          // contract, and Vite's preload helper, which every lazy import calls.
          groups: [
            // The entry's first import: boot.ts runs the entry's imports before the entry, and
            // the libraries in them call what an older phone lacks at once.
            {
              name: 'polyfills',
              test: /node_modules[\\/]core-js[\\/]|src[\\/]app[\\/]polyfills\.ts$/,
              priority: 4,
            },
            {
              name: 'react-dom',
              test: /node_modules[\\/](react-dom|scheduler)[\\/]|src[\\/]shared[\\/]react-dom-client\.ts$/,
              priority: 3,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            { name: 'contracts', test: CONTRACTS, priority: 3 },
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            { name: 'mobile-ui', test: MOBILE_UI, priority: 2, minShareCount: 3 },
            { name: 'desktop-ui', test: DESKTOP_UI, priority: 1, minShareCount: 3 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/platform/testing/vitest-setup.ts'],
    // The server renderer's test runs in Node: antd-mobile's ES build, through Vite (it imports CSS).
    alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }],
    server: { deps: { inline: ['antd-mobile'] } },
    // Waits end when the state they name is drawn; these are caps for a loaded CI machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
};

/**
 * React Router 7's package exports name only its development build (with its dev warnings), in
 * every environment (remix-run/react-router#14102): a production build points at its production
 * build by path.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

export default defineConfig(({ command, isSsrBuild }) => {
  const config = isSsrBuild ? serverRenderBuild : browserBuild;
  if (command !== 'build') return config;
  return { ...config, resolve: { ...config.resolve, alias: [reactRouterProduction] } };
});
