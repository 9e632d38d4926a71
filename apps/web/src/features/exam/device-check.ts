import { useCallback, useEffect, useState } from 'react';
import { personalStorage } from '../../platform';
import { fetchExamine } from './api/get-examine';
import { createServerClock } from './server-clock';

/**
 * The device check before a practice attempt (issue 30, point 19): one timed call to the server
 * gives the round trip and how far this device's clock is from the server's (which the exam's
 * countdown runs on), and the page reads its own width and whether answers can wait on the device.
 */
export interface DeviceReading {
  /** Round trip of one call to the server, in milliseconds; null when it failed. */
  roundTripMs: number | null;
  /** Milliseconds the server's clock is ahead of this device's (null when the call failed). */
  offsetMs: number | null;
  widthPx: number;
  storageOk: boolean;
}

export interface DeviceCheckItem {
  label: string;
  text: string;
  ok: boolean;
}

/** A round trip longer than this is called slow; a clock further off than this is pointed out. */
export const SLOW_ROUND_TRIP_MS = 1500;
export const CLOCK_OFF_MS = 60_000;
/** The narrowest screen the exam sheet is laid out for. */
export const NARROWEST_PX = 320;

const secondsText = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;

/** What the check says of each reading, in plain words and with what to do when it is off. */
export function deviceCheckItems(reading: DeviceReading): DeviceCheckItem[] {
  const { roundTripMs, offsetMs, widthPx, storageOk } = reading;
  const off = offsetMs === null ? null : Math.abs(offsetMs);
  return [
    roundTripMs === null
      ? { label: '网络连接', text: '无法连接服务器，请检查网络后点「重新检测」', ok: false }
      : roundTripMs > SLOW_ROUND_TRIP_MS
        ? {
            label: '网络连接',
            text: `较慢（往返 ${secondsText(roundTripMs)}），答案仍会保存，建议换到信号更好的地方`,
            ok: false,
          }
        : { label: '网络连接', text: `正常（往返 ${secondsText(roundTripMs)}）`, ok: true },
    off === null
      ? { label: '时间校准', text: '连接服务器后才能校准时间', ok: false }
      : off > CLOCK_OFF_MS
        ? {
            label: '时间校准',
            text: `本机时间与服务器相差约 ${Math.round(off / 60_000)} 分钟；计时以服务器为准，不受影响，建议把设备时间设为自动`,
            ok: false,
          }
        : {
            label: '时间校准',
            text: `本机时间与服务器相差 ${secondsText(off)}，计时以服务器为准`,
            ok: true,
          },
    widthPx < NARROWEST_PX
      ? {
          label: '屏幕宽度',
          text: `屏幕较窄（${widthPx} 像素），建议横屏或换用更大的设备`,
          ok: false,
        }
      : { label: '屏幕宽度', text: `${widthPx} 像素，可以完整显示试卷`, ok: true },
    storageOk
      ? { label: '本机暂存', text: '可用，断网时答案先保存在本机', ok: true }
      : {
          label: '本机暂存',
          text: '不可用（可能是无痕模式），断网时答案无法暂存，请保持网络连接',
          ok: false,
        },
  ];
}

const PROBE_KEY = 'exam-device-check';

function storageWorks(): boolean {
  try {
    personalStorage.write(PROBE_KEY, '1');
    const ok = personalStorage.read(PROBE_KEY) === '1';
    personalStorage.remove(PROBE_KEY);
    return ok;
  } catch {
    return false;
  }
}

/** Runs the check on mount and again on `recheck`; `reading` is undefined while it runs. */
export function useDeviceCheck(applyId: number) {
  const [reading, setReading] = useState<DeviceReading>();
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    setReading(undefined);
    const clock = createServerClock();
    const sentAt = Date.now();
    const done = (roundTripMs: number | null, offsetMs: number | null) => {
      if (live)
        setReading({
          roundTripMs,
          offsetMs,
          widthPx: Math.round(window.innerWidth),
          storageOk: storageWorks(),
        });
    };
    fetchExamine(applyId, true).then(
      (summary) => {
        const receivedAt = Date.now();
        clock.measure(summary.ServerTime, sentAt, receivedAt);
        done(receivedAt - sentAt, clock.offsetMs);
      },
      () => done(null, null),
    );
    return () => {
      live = false;
    };
  }, [applyId, round]);

  const recheck = useCallback(() => setRound((r) => r + 1), []);
  return { reading, items: reading ? deviceCheckItems(reading) : undefined, recheck };
}
