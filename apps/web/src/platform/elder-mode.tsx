import { ELDER_MODE_ATTRIBUTE, elderModeCookie, isElderMode } from '@portal/contracts';
import { createContext, useContext, useId } from 'react';
import { create } from 'zustand';
import './elder-mode.css';

const useElderModeStore = create<{ on: boolean }>()(() => ({
  // The host page already carries the attribute for the same cookie (no flash, same hydration).
  on: typeof document !== 'undefined' && isElderMode(document.cookie),
}));

/** 长辈模式 on or off on this device: its cookie, <html data-elder>, and every screen that asks. */
export function setElderMode(on: boolean): void {
  document.cookie = elderModeCookie(on);
  document.documentElement.toggleAttribute(ELDER_MODE_ATTRIBUTE, on);
  useElderModeStore.setState({ on });
}

/** The server's drawing names the visitor's mode; in the browser the cookie tells. */
export const ElderModeDrawn = createContext<boolean | null>(null);

export function useElderMode(): boolean {
  const drawn = useContext(ElderModeDrawn);
  const on = useElderModeStore((s) => s.on);
  return drawn ?? on;
}

/** The switch 「长辈模式」: one large row, a real switch (role=switch, aria-checked) named by its label. */
export function ElderModeSwitch({ className }: { className?: string }) {
  const on = useElderMode();
  const id = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-hint`}
      className={className ? `elder-switch ${className}` : 'elder-switch'}
      onClick={() => setElderMode(!on)}
    >
      <span className="elder-switch__text">
        <span className="elder-switch__label" id={`${id}-label`}>
          长辈模式
        </span>
        <span className="elder-switch__hint" id={`${id}-hint`}>
          大字体、大按钮、页面更简洁
        </span>
      </span>
      <span className="elder-switch__track" aria-hidden="true">
        <span className="elder-switch__state">{on ? '开' : '关'}</span>
        <span className="elder-switch__thumb" />
      </span>
    </button>
  );
}
