/**
 * Solid tag colours with white text at 4.5:1 or better (antd's preset light tags fail contrast),
 * as CSS variables (app/global.css) so 长辈模式 darkens them to 7:1 (app/elder.css).
 */
export const TAG_COLOR = {
  ok: 'var(--portal-tag-ok)',
  info: 'var(--portal-tag-info)',
  warn: 'var(--portal-tag-warn)',
  bad: 'var(--portal-tag-bad)',
  exam: 'var(--portal-tag-exam)',
  quiet: 'var(--portal-tag-quiet)',
} as const;
