import { describe, expect, it } from 'vitest';
import { startFailure } from './start-failure';

describe('startFailure', () => {
  it('blames the network only for a script that did not arrive', () => {
    expect(
      startFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    ).toEqual({ heading: '页面加载失败', detail: '页面文件未能下载，请检查网络连接后刷新页面。' });
  });

  it('names what failed in this browser otherwise', () => {
    const failure = startFailure(new TypeError('da(...).at is not a function'));
    expect(failure.heading).toBe('页面无法在此浏览器中运行');
    expect(failure.detail).toContain('TypeError: da(...).at is not a function');
    expect(failure.detail).toContain('升级');
  });
});
