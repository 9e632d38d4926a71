/** Solid tag colours with white text at 4.5:1 or better (antd's preset light tags fail contrast). */
export const TAG_COLOR = {
  ok: '#007a33',
  info: '#0958d9',
  warn: '#ad4e00',
  bad: '#cf1322',
  exam: '#531dab',
  quiet: '#4e5969',
} as const;
