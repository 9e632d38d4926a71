/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path: vite loads its config with Node, which cannot import the package's TypeScript entry.
import {
  RUNTIME_CONFIG_GLOBAL,
  SERVICE_IDS,
  type RuntimeConfig,
} from '../../packages/contracts/src/index.ts';

const CONFIG_PLACEHOLDER = '<!--portal-config-->';
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
    RegionData: [],
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

export default defineConfig({
  plugins: [react(), devRuntimeConfig(), chunkPackages()],
  build: { manifest: true, sourcemap: false },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/platform/testing/vitest-setup.ts'],
    // Waits end when the state they name is drawn; these are caps for a loaded CI machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
