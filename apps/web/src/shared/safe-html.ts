import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';

type SanitizingWindow = WindowLike & typeof globalThis;

/**
 * The document rich text is parsed and sanitised in: the browser's own window, or on the server
 * the jsdom window app/server-render.tsx gives (DOMPurify's recommended server DOM; lighter DOMs
 * are not safe for it). The server gives it as a maker, called at the first rich text: jsdom
 * holds tens of megabytes, and most of a server's life draws none.
 */
let makeWindow: (() => SanitizingWindow) | null =
  typeof window === 'undefined' ? null : () => window;
let domWindow: SanitizingWindow | null = null;
let purifier: DOMPurify | null = null;

export function setSanitizingWindow(serverWindow: WindowLike | (() => WindowLike)): void {
  const given = serverWindow;
  makeWindow = (typeof given === 'function' ? given : () => given) as () => SanitizingWindow;
  domWindow = null;
  purifier = null;
}

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'span',
  'div',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'hr',
  'sub',
  'sup',
  'pre',
  'code',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'];
/** Web and mail addresses, this site's paths and anchors; images may also be inline pictures. */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/|#|data:image\/(?:png|jpeg|gif|webp);)/i;

function windowForSanitizing(): SanitizingWindow {
  if (!makeWindow) throw new Error('no window to sanitise rich text in (see setSanitizingWindow)');
  domWindow ??= makeWindow();
  return domWindow;
}

function sanitizer(): DOMPurify {
  if (purifier) return purifier;
  const created = createDOMPurify(windowForSanitizing());
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('rel', 'noopener noreferrer');
      // Another site opens beside the portal; this site's own path (a message's 去缴费) opens in
      // place, as the portal's own links do (a new tab is lost inside WeChat).
      const href = node.getAttribute('href') ?? '';
      if (/^[/#](?!\/)/.test(href)) node.removeAttribute('target');
      else node.setAttribute('target', '_blank');
    }
  });
  purifier = created;
  return created;
}

/**
 * Rich text from the server kept to an allow-list of tags and attributes (DOMPurify), so no
 * script, handler, style or javascript: address reaches the page; an unknown tag is unwrapped and
 * its text kept.
 */
export function sanitizeHtml(html: string, options: { keepClass?: boolean } = {}): string {
  const purify = sanitizer();
  // DOMPurify hands back its input untouched where it cannot run; show the markup as text instead.
  if (!purify.isSupported) return escapeAsText(html);
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: options.keepClass ? [...ALLOWED_ATTR, 'class'] : ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
  });
}

function escapeAsText(html: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
  };
  return html.replace(/[&<>"]/g, (character) => entities[character] ?? character);
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
  // DOMParser's documents are inert: nothing in them runs or loads.
  const doc = new (windowForSanitizing().DOMParser)().parseFromString(html, 'text/html');
  const css = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  return {
    css: sanitizeCss(css),
    body: sanitizeHtml(doc.body.innerHTML, { keepClass: true }),
  };
}
