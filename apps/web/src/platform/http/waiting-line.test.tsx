import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jitteredDelayMs, waitForTurn, WaitingLineNotice, waitingLineText } from './waiting-line';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the waiting line', () => {
  it('spreads a crowd turned away together over ± 20% of the wait', () => {
    expect(jitteredDelayMs(5, () => 0)).toBe(4_000);
    expect(jitteredDelayMs(5, () => 0.5)).toBe(5_000);
    expect(jitteredDelayMs(5, () => 0.999)).toBe(5_998);
  });

  it('says how long, counts down while a call waits, and goes once it is sent again', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    render(<WaitingLineNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
    let waited = false;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    void waitForTurn(5).then(() => (waited = true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(waitingLineText(5))).toBeTruthy();
    expect(screen.getByText('当前人数较多，正在排队，预计 5 秒')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('已填写的内容不会丢失');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText('当前人数较多，正在排队，预计 3 秒')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(waited).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stops waiting when the caller gives up', async () => {
    const controller = new AbortController();
    const waiting = waitForTurn(60, controller.signal);
    controller.abort(new Error('left the page'));
    await expect(waiting).rejects.toThrow('left the page');
  });
});
