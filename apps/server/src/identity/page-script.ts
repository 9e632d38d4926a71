import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The built page script (scripts/build-page-script.ts writes it; `npm start`, `npm run build` and
 * the server's tests build it first). The same path from src/ (tsx) and from dist/ (node).
 */
export const PAGE_SCRIPT_FILE = fileURLToPath(
  new URL('../../dist/page-script/sign-in-page.js', import.meta.url),
);

/** The page script as served: under an address named by its content, so it may be kept a year. */
export interface PageScriptAsset {
  /** The route below the identity prefix. */
  path: string;
  /** The address pages name in `<script src>`. */
  url: string;
  body: Buffer;
}

export function loadPageScript(basePath: string): PageScriptAsset {
  if (!fs.existsSync(PAGE_SCRIPT_FILE))
    throw new Error(
      `the sign-in pages' script is not built (${PAGE_SCRIPT_FILE}): run npm run build -w apps/server`,
    );
  const body = fs.readFileSync(PAGE_SCRIPT_FILE);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  const path = `/assets/sign-in-page.${hash}.js`;
  return { path, url: `${basePath}${path}`, body };
}
