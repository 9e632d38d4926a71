import { describe, expect, it } from 'vitest';
import { sanitizeCss, sanitizeHtml } from './safe-html';

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
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<font color="red">红字</font>')).toBe('红字');
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
