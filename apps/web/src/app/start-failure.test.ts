import { describe, expect, it } from 'vitest';
import { showStartFailure, startFailureText } from './start-failure';

describe('a start that fails says what failed', () => {
  it('a script cut short in download is the network', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://portal.example/assets/start-a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://portal.example/assets/start-a.js',
    ])
      expect(startFailureText(new TypeError(message)).heading).toBe('页面加载失败');
  });

  it('a built-in this browser lacks is the browser, named, not the network', () => {
    const failure = startFailureText(
      new TypeError("undefined is not a function (near '...routes.at(-1)...')"),
    );
    expect(failure.heading).toBe('页面无法在此浏览器中运行');
    expect(failure.detail).toContain('请将微信或手机系统更新到最新版本');
    expect(failure.detail).toContain('TypeError: undefined is not a function');
    expect(failure.detail).not.toContain('网络');
  });

  it('shows the page as text: an error message is never markup', () => {
    const root = document.createElement('div');
    showStartFailure(root, new Error('<img src=x onerror=alert(1)>'));
    expect(root.querySelector('[role="alert"] h2')?.textContent).toBe('页面无法在此浏览器中运行');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
