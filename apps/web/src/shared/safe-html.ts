type HtmlParser = (html: string) => Document;

/** The browser's parser; on the server, the one app/server-render.tsx gives (it has no DOM). */
let parseHtml: HtmlParser = (html) => new DOMParser().parseFromString(html, 'text/html');

export function setHtmlParser(parser: HtmlParser): void {
  parseHtml = parser;
}

const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'SPAN',
  'DIV',
  'A',
  'IMG',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'BLOCKQUOTE',
  'HR',
  'SUB',
  'SUP',
  'PRE',
  'CODE',
]);
/** Content that is dropped with everything inside it. */
const DROPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);
const SAFE_URL = /^(https?:|mailto:|tel:|\/|#|data:image\/(png|jpeg|gif|webp);)/i;

function clean(node: Element, keepClass: boolean): void {
  for (const child of [...node.children]) {
    if (DROPPED_TAGS.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child, keepClass);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const isUrl = name === 'href' || name === 'src';
      const allowed = ALLOWED_ATTRIBUTES.has(name) || (keepClass && name === 'class');
      if (!allowed || (isUrl && !SAFE_URL.test(attribute.value.trim()))) {
        child.removeAttribute(attribute.name);
      }
    }
    if (child.tagName === 'A') {
      child.setAttribute('rel', 'noopener noreferrer');
      child.setAttribute('target', '_blank');
    }
  }
}

/**
 * Rich text from the server kept to an allow-list of tags and attributes, so no script, handler,
 * style or javascript: address reaches the page even if the server's sanitising is bypassed.
 */
export function sanitizeHtml(html: string, options: { keepClass?: boolean } = {}): string {
  const doc = parseHtml(`<body>${html}</body>`);
  clean(doc.body, options.keepClass ?? false);
  return doc.body.innerHTML;
}

/**
 * A server document's own style sheet, kept to what lays it out: nothing that fetches
 * (@import, url(), image-set()) and none of the old script-running extensions.
 */
export function sanitizeCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\s*\([^)]*\)/gi, 'none')
    .replace(/(?:-webkit-)?image-set\s*\([^)]*\)/gi, 'none')
    .replace(/expression\s*\(|behavior\s*:|-moz-binding\s*:|javascript:/gi, '');
}

/** A whole HTML document (head styles and body) as a safe style sheet and safe markup. */
export function sanitizeDocument(html: string): { css: string; body: string } {
  const doc = parseHtml(html);
  const css = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  return {
    css: sanitizeCss(css),
    body: sanitizeHtml(doc.body.innerHTML, { keepClass: true }),
  };
}
