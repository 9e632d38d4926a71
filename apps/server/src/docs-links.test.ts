// The repository's documents (README.md and docs/*.md) link to each other and to the code: every
// relative link must reach a file or folder that exists, and every #anchor a heading of its page.
// It lives in the server's suite only because that suite runs in `npm test`; it reads files, no app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The documents whose links are checked, relative to the repository's root. */
function documentsToCheck(root: string = REPO_ROOT): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** The lines outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  for (const [index, text] of markdown.split('\n').entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length)))
      fence = fence === null ? marker : null;
    else if (fence === null) lines.push({ text, line: index + 1 });
  }
  return lines;
}

/** Text without its inline code spans, so that `[a](b)` inside backticks is not a link. */
const withoutCodeSpans = (text: string) =>
  text.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));

/** A heading's text as GitHub renders it: links and images by their text, no tags or emphasis. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, '$1$2')
    .trim();
}

/**
 * GitHub's anchor for a heading (github-slugger): lower case; punctuation, symbols and control
 * characters dropped except `-` and `_`; each space a `-`. Letters of every script stay, so a
 * Chinese heading keeps its characters.
 */
function githubSlug(heading: string): string {
  return headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (repeats numbered -1, -2 …) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(text)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

interface Link {
  target: string;
  line: number;
}

/** The inline links and images `[text](target)` and reference definitions `[id]: target`. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = withoutCodeSpans(text);
    for (const match of prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: match[1]!.replace(/^<|>$/g, ''), line });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(prose);
    if (definition) links.push({ target: definition[1]!, line });
  }
  return links;
}

/** What is wrong with one document's relative links, one line per broken link. */
function brokenLinks(document: string, root: string = REPO_ROOT): string[] {
  const file = path.join(root, document);
  const markdown = fs.readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const { target, line } of linksOf(markdown)) {
    // Another site (http:, https:, mailto: …) or a site-absolute path: not ours to check.
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file;
    const where = `${document}:${line} → ${target}`;
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor === null || anchor === '') continue;
    if (!resolved.endsWith('.md') || fs.statSync(resolved).isDirectory()) {
      problems.push(`${where}: an anchor into a file that is not markdown`);
      continue;
    }
    if (!anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor))
      problems.push(`${where}: no heading with that anchor`);
  }
  return problems;
}

describe('GitHub heading anchors', () => {
  it.each([
    ['Modes: demo and production', 'modes-demo-and-production'],
    ['Delivery: compression, caching, support floor', 'delivery-compression-caching-support-floor'],
    ['`SECRETS_FILE` and the `cookieKeys`', 'secrets_file-and-the-cookiekeys'],
    ['How do I…', 'how-do-i'],
    ['A — B', 'a--b'],
    ['§8 Errors {#s8}', '8-errors-s8'],
    ['准考证与核验', '准考证与核验'],
    ['错误（§8）与 HTTP 状态', '错误8与-http-状态'],
    ['[The service map](#x)', 'the-service-map'],
    ['The **first** load ##', 'the-first-load'],
  ])('%s → #%s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it('numbers repeated headings as GitHub does, and ignores headings inside code blocks', () => {
    const page = '# Title\n## Notes\n```sh\n# not a heading\n```\n## Notes\n<a id="kept"></a>\n';
    expect([...anchorsOf(page)]).toEqual(['title', 'notes', 'notes-1', 'kept']);
  });
});

describe('finding links', () => {
  it('reads inline links, images and definitions, not code', () => {
    const page = [
      'See [ops](docs/operations.md#limits "title") and ![shot](a.png).',
      'Not `[code](nowhere.md)`, nor:',
      '```',
      '[fenced](nowhere.md)',
      '```',
      '[ref]: docs/configuration.md',
    ].join('\n');
    expect(linksOf(page)).toEqual([
      { target: 'docs/operations.md#limits', line: 1 },
      { target: 'a.png', line: 1 },
      { target: 'docs/configuration.md', line: 6 },
    ]);
  });

  it('reports a missing file and a missing anchor', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-docs-links-'));
    try {
      fs.mkdirSync(path.join(root, 'docs'));
      fs.writeFileSync(path.join(root, 'docs/a.md'), '# A\n## Real heading\n');
      fs.writeFileSync(
        path.join(root, 'README.md'),
        '[ok](docs/a.md#real-heading) [gone](docs/b.md) [bad](docs/a.md#no-such) [self](#a)\n',
      );
      expect(brokenLinks('README.md', root)).toEqual([
        'README.md:1 → docs/b.md: no such file',
        'README.md:1 → docs/a.md#no-such: no heading with that anchor',
        'README.md:1 → #a: no heading with that anchor',
      ]);
      expect(documentsToCheck(root)).toEqual(['README.md', 'docs/a.md']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('README.md and docs/*.md', () => {
  it.each(documentsToCheck())('%s: every relative link and anchor resolves', (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });
});
