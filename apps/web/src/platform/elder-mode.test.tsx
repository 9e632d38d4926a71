import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ElderModeDrawn, ElderModeSwitch, setElderMode } from './elder-mode';

afterEach(() => {
  cleanup();
  act(() => setElderMode(false));
});

describe('长辈模式 switch', () => {
  it('is a named switch that turns elder mode on and off for the device', () => {
    render(<ElderModeSwitch />);
    const toggle = screen.getByRole('switch', { name: '长辈模式' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(document.cookie).toContain('portal_elder=1');
    expect(document.documentElement.hasAttribute('data-elder')).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.cookie).not.toContain('portal_elder=1');
    expect(document.documentElement.hasAttribute('data-elder')).toBe(false);
  });

  it('is a native button, so Enter and Space press it', () => {
    render(<ElderModeSwitch />);
    const toggle = screen.getByRole('switch', { name: '长辈模式' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('type')).toBe('button');
  });

  it('on the server, shows the mode the drawing is for, not the module state', () => {
    render(
      <ElderModeDrawn.Provider value={true}>
        <ElderModeSwitch />
      </ElderModeDrawn.Provider>,
    );
    expect(screen.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});
