/**
 * Builds the identity pages' script (src/identity/page-script/sign-in-page.ts) into
 * dist/page-script/sign-in-page.js for the browsers the portal supports (iOS 14 Safari and
 * later: ES2017 syntax). Run by `npm start`, `npm run build` and before the server's tests.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { PAGE_SCRIPT_FILE } from '../src/identity/page-script.js';

export const PAGE_SCRIPT_TARGET = 'es2017';

export default async function buildPageScript(): Promise<void> {
  // Written beside and renamed into place: a server starting meanwhile (the journeys start
  // several at once) reads the old file or the new one, never half of one.
  const building = `${PAGE_SCRIPT_FILE}.${process.pid}.tmp`;
  await build({
    entryPoints: [new URL('../src/identity/page-script/sign-in-page.ts', import.meta.url).pathname],
    outfile: building,
    bundle: true,
    format: 'iife',
    minify: true,
    target: PAGE_SCRIPT_TARGET,
    legalComments: 'none',
    logLevel: 'warning',
  });
  fs.renameSync(building, PAGE_SCRIPT_FILE);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildPageScript();
