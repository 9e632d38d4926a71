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

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (DROPPED_TAGS.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const isUrl = name === 'href' || name === 'src';
      if (!ALLOWED_ATTRIBUTES.has(name) || (isUrl && !SAFE_URL.test(attribute.value.trim()))) {
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
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
