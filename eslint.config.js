import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const server = 'apps/server/src';
// A feature reaches another only through its index (and `testing` holds shared test helpers).
const features = fs
  .readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `${web}/features/${feature}`,
  from: `${web}/features`,
  except: [
    `./${feature}`,
    './testing',
    ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`),
  ],
  message: 'Import another feature through its index.',
}));

const MOBILE_FILES = [`${web}/**/mobile/**/*.{ts,tsx}`, `${web}/app/mobile-app.tsx`];
const DESKTOP_FILES = [`${web}/**/desktop/**/*.{ts,tsx}`, `${web}/app/desktop-app.tsx`];
const ANTD_MOBILE = {
  group: ['antd-mobile', 'antd-mobile/*', '**/shared/ui/mobile/*'],
  message: 'antd-mobile and the shared mobile views are imported only in a mobile/ folder.',
};
const ANTD = {
  group: ['antd', 'antd/*', '@ant-design/*'],
  message: 'antd is imported only in a desktop/ folder.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Imports flow shared ← platform ← features ← app; a feature reaches another only through its index.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${web}/shared`,
              from: [`${web}/platform`, `${web}/features`, `${web}/app`, `${web}/layouts`],
            },
            {
              target: `${web}/platform`,
              from: [`${web}/features`, `${web}/app`, `${web}/layouts`],
            },
            { target: `${web}/layouts`, from: [`${web}/features`, `${web}/app`] },
            { target: `${web}/features`, from: [`${web}/app`] },
            ...featureZones,
          ],
        },
      ],
      'import/no-cycle': 'error',
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
  },
  {
    // §2: every route path comes from platform/paths.ts (its builders and ROUTE_PATTERNS).
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/platform/paths.ts`, `${web}/platform/paths.test.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/^\\u002Fviews(\\u002F|\\?|$)/]',
          'TemplateElement[value.raw=/^\\u002Fviews(\\u002F|\\?|$)/]',
        ].map((selector) => ({
          selector,
          message:
            "Build route paths with `paths` from platform/paths.ts, not a '/views/…' literal.",
        })),
      ],
    },
  },
  // A UI library stays in its layout's folders: antd-mobile (and the shared mobile views) in a
  // `mobile/` folder, antd in a `desktop/` folder, so the other layout never downloads it.
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: MOBILE_FILES.concat(DESKTOP_FILES),
    rules: { 'no-restricted-imports': ['error', { patterns: [ANTD_MOBILE, ANTD] }] },
  },
  {
    files: MOBILE_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [ANTD] }] },
  },
  {
    files: DESKTOP_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [ANTD_MOBILE] }] },
  },
  {
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/server/scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'setInterval',
          message:
            'Repeated work is a job of the one scheduler (platform/scheduled-jobs.ts, croner): it does not overlap itself, logs failures, stops with the app and runs once across instances.',
        },
      ],
    },
  },
  {
    // Counters and caches have one home each: rate-limiter-flexible behind platform/rate-limits.ts,
    // lru-cache behind platform/process-cache.ts; no store of our own keyed by an object.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/testing/**',
      'apps/server/src/platform/{kv-store,rate-limits,process-cache,scheduled-jobs}.ts',
      'apps/server/src/services/pipeline/idempotency.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='WeakMap']",
          message:
            'A cache is an lru-cache from platform/process-cache.ts (bounded, with a TTL), not a map of our own.',
        },
        {
          selector: "CallExpression[callee.property.name='increment']",
          message:
            'Count with a counter of platform/rate-limits.ts (rate-limiter-flexible, Redis or memory), not the store by hand.',
        },
      ],
    },
  },
  {
    // The server's layers: platform ← domain ← services / identity / host, gateways beside the
    // domain behind its ports, render/ drawing what it is given. Tests and test kits may reach all.
    files: [`${server}/**/*.{ts,tsx}`],
    ignores: [`${server}/**/*.test.ts`, `${server}/**/*-test-kit.ts`, `${server}/testing/**`],
    plugins: { import: importPlugin },
    // The server's imports name the built .js of each .ts (NodeNext): the TypeScript resolver maps them.
    settings: {
      'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${server}/platform`,
              from: `${server}/domain`,
              except: ['./ports.ts'],
              message:
                'platform/ is the base every layer stands on: of the domain it knows the ports only.',
            },
            {
              target: `${server}/platform`,
              from: [
                `${server}/services`,
                `${server}/gateways`,
                `${server}/host`,
                `${server}/identity`,
                `${server}/render`,
              ],
              message: 'platform/ is the base every layer stands on: it imports none of them.',
            },
            {
              target: `${server}/render`,
              from: `${server}/domain`,
              except: ['./errors.ts'],
              message: 'render/ draws what it is given: of the domain it knows the errors only.',
            },
            {
              target: `${server}/render`,
              from: [
                `${server}/db`,
                `${server}/services`,
                `${server}/gateways`,
                `${server}/host`,
                `${server}/identity`,
              ],
              message: 'render/ draws what it is given: it reads no database and knows no HTTP.',
            },
            {
              target: `${server}/domain`,
              from: [
                `${server}/services`,
                `${server}/gateways`,
                `${server}/host`,
                `${server}/identity`,
              ],
              message:
                'Domain rules know nothing of HTTP or of gateways: the domain owns its ports (domain/ports.ts) and gateways are passed in.',
            },
            {
              target: `${server}/gateways`,
              from: `${server}/domain`,
              except: ['./ports.ts', './errors.ts'],
              message:
                'A gateway adapts one outside service to a port of domain/ports.ts: it applies no rule.',
            },
            {
              target: `${server}/gateways`,
              from: [`${server}/db`, `${server}/services`, `${server}/host`, `${server}/identity`],
              except: ['./domain/ports.ts', './domain/errors.ts'],
              message:
                'A gateway adapts one outside service to a port of domain/ports.ts: it reads no table and applies no rule.',
            },
            {
              target: `${server}/services`,
              from: [`${server}/identity`, `${server}/host`],
              message:
                'A service answers its calls through the domain; what it shares with the identity provider (accounts, sessions) lives in domain/accounts.',
            },
            {
              target: `${server}/host`,
              from: [`${server}/services`, `${server}/identity`, `${server}/gateways`],
              message: 'The host draws the first screen from the domain; services answer calls.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*'],
              message: 'Domain rules know nothing of HTTP: services speak it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['apps/server/src/services/**/*.test.ts', 'apps/server/src/services/**/*-test-kit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', '**/db', 'drizzle-orm', 'drizzle-orm/*'],
              message:
                'Services speak HTTP: what they read or write goes through the domain (domain/<rules>.ts), which owns the queries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@portal/*'], message: 'contracts imports nothing of ours.' }] },
      ],
    },
  },
);
