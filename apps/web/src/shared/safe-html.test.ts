// @vitest-environment jsdom
// jsdom, as on the server: DOMPurify is not safe on happy-dom, this suite's usual DOM.
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { sanitizeCss, sanitizeDocument, sanitizeHtml, setSanitizingWindow } from './safe-html';

describe('rich text is rendered safely', () => {
  it('keeps headings, paragraphs and lists', () => {
    const html = '<h3>一、简介</h3><p>欢迎<strong>报名</strong></p><ul><li>条件</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and event handlers', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">文字<script>alert(1)</script></p><style>p{}</style><img src="x.png" onerror="steal()" alt="图">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|style|steal/);
    expect(out).toContain('文字');
    expect(out).toContain('alt="图"');
  });

  it('drops javascript: addresses and opens links safely', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">坏</a><a href="https://a.cn">好</a>');
    expect(out).not.toContain('javascript');
    expect(out).toContain('href="https://a.cn"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('target="_blank"');
  });

  it('opens this site’s own paths in place, another site (even //host) beside it', () => {
    const out = sanitizeHtml(
      '<a href="/views/payment?ApplyId=1" target="_blank">去缴费</a><a href="//evil.example/x">外站</a>',
    );
    expect(out).toContain(
      '<a href="/views/payment?ApplyId=1" rel="noopener noreferrer">去缴费</a>',
    );
    expect(out).toMatch(
      /<a href="\/\/evil\.example\/x" rel="noopener noreferrer" target="_blank">/,
    );
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<font color="red">红字</font>')).toBe('红字');
  });

  it('survives markup that mutates when parsed again', () => {
    const out = sanitizeHtml(
      '<svg><p><style><img src=x onerror=steal()></style></p></svg><math><mi><table><mglyph><style><img src=x onerror=steal()>',
    );
    expect(out).not.toMatch(/onerror|steal|<svg|<math|<style/);
  });

  it('keeps inline pictures and this site’s paths, drops other schemes', () => {
    const out = sanitizeHtml(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="a"><a href="/views/notice">站内</a><a href="vbscript:x">坏</a>',
    );
    expect(out).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('href="/views/notice"');
    expect(out).not.toContain('vbscript');
  });

  it('keeps class names only when asked', () => {
    expect(sanitizeHtml('<p class="title">标题</p>')).toBe('<p>标题</p>');
    expect(sanitizeHtml('<p class="title">标题</p>', { keepClass: true })).toBe(
      '<p class="title">标题</p>',
    );
  });
});

describe('a whole document is split into a safe style sheet and safe markup', () => {
  it('keeps the layout, drops what runs or fetches', () => {
    const { css, body } = sanitizeDocument(
      '<html><head><style>.seat{font-weight:bold} .x{background:url(https://evil.example/a.png)}</style><script>steal()</script></head><body><div class="seat" onmouseover="steal()">座位 12</div></body></html>',
    );
    expect(css).toContain('.seat{font-weight:bold}');
    expect(css).not.toContain('evil.example');
    expect(body).toBe('<div class="seat">座位 12</div>');
  });
});

describe('a document style sheet fetches nothing', () => {
  it('drops @import, url() and image-set()', () => {
    const css = sanitizeCss(
      "@import 'https://evil.example/a.css'; .a{background:url(https://evil.example/x.png)} .b{background-image:image-set('https://evil.example/y.png' 1x)} .c{color:red}",
    );
    expect(css).not.toMatch(/evil\.example/);
    expect(css).toContain('.c{color:red}');
  });
});

describe('the server makes its sanitising window at the first rich text, not before', () => {
  afterAll(() => setSanitizingWindow(window));

  it('calls the maker once, when rich text first needs it', () => {
    let made = 0;
    setSanitizingWindow(() => {
      made += 1;
      return new JSDOM('').window;
    });
    expect(made).toBe(0);
    expect(sanitizeHtml('<p onclick="steal()">一</p>')).toBe('<p>一</p>');
    expect(sanitizeHtml('<p>二</p>')).toBe('<p>二</p>');
    expect(made).toBe(1);
  });
});
