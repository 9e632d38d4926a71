import { WAITING_LINE_MESSAGE } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import './waiting-line.css';

interface WaitingLineState {
  /** Calls waiting for their turn now. */
  waiting: number;
  /** When the last of them sends again (epoch ms). */
  retryAt: number;
}

const useWaitingLineStore = create<WaitingLineState>()(() => ({ waiting: 0, retryAt: 0 }));

/** A wait of `seconds` ± 20%, so a crowd turned away together does not come back together. */
export function jitteredDelayMs(seconds: number, random: () => number = Math.random): number {
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

/**
 * Waits for the turn the server gave (503 with a waiting line), shown to the person meanwhile;
 * rejects with the signal's reason if the caller gives up first.
 */
export async function waitForTurn(seconds: number, signal?: AbortSignal): Promise<void> {
  const delayMs = jitteredDelayMs(seconds);
  useWaitingLineStore.setState((s) => ({
    waiting: s.waiting + 1,
    retryAt: Math.max(s.retryAt, Date.now() + delayMs),
  }));
  try {
    await new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(resolve, delayMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      });
    });
  } finally {
    useWaitingLineStore.setState((s) => ({ waiting: s.waiting - 1 }));
  }
}

const WAITING_LINE_NOTE = '将自动重试，已填写的内容不会丢失，请勿关闭页面。';

/** 「当前人数较多，正在排队，预计 N 秒」 */
export function waitingLineText(secondsLeft: number): string {
  return `${WAITING_LINE_MESSAGE}，预计 ${Math.max(1, secondsLeft)} 秒`;
}

/**
 * The waiting line, said at the top of every screen while a call waits its turn: how long, and
 * that nothing typed is lost (the call is sent again by itself, once).
 */
export function WaitingLineNotice() {
  const { waiting, retryAt } = useWaitingLineStore();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  // The live region stays in the page, so what appears in it is read out; once, not every tick
  // of the countdown, which only the eyes get.
  return (
    <div role="status">
      {waiting ? (
        <div className="waiting-line">
          <p className="visually-hidden">{`${WAITING_LINE_MESSAGE}。${WAITING_LINE_NOTE}`}</p>
          <p className="waiting-line__title" aria-hidden="true">
            {waitingLineText(Math.ceil((retryAt - now) / 1000))}
          </p>
          <p className="waiting-line__note" aria-hidden="true">
            {WAITING_LINE_NOTE}
          </p>
        </div>
      ) : null}
    </div>
  );
}
