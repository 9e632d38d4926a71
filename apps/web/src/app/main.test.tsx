import { RUNTIME_CONFIG_GLOBAL } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('§3 a missing or malformed runtime config', () => {
  it('renders a Chinese error page that names the setting, not a blank page', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL] = {
      Auth: { Authority: 'not a url' },
    };
    vi.resetModules();
    await import('./main');
    expect(await screen.findByText('页面配置有误，暂时无法使用')).toBeTruthy();
    expect(screen.getByText(/Auth\.Authority/)).toBeTruthy();
    expect(screen.getByText('缺少配置项 WebSite')).toBeTruthy();
    delete (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
  });
});
