import { describe, expect, it } from 'vitest';
import { extraTimeText, leaveLogLine, shortenedByWindowText, timeWarning } from './exam-text';

describe('exam words', () => {
  it('the time left is said only as it crosses 30, 15, 5 and 1 minutes', () => {
    const said: string[] = [];
    for (let left = 3600; left >= 0; left--) {
      const text = timeWarning(left);
      if (text !== (said.at(-1) ?? '')) said.push(text);
    }
    expect(said).toEqual([
      '考试剩余时间不足30分钟',
      '考试剩余时间不足15分钟',
      '考试剩余时间不足5分钟',
      '考试剩余时间不足1分钟，时间到将自动交卷',
    ]);
    expect(timeWarning(30 * 60 + 1)).toBe('');
    expect(timeWarning(30 * 60)).toBe('考试剩余时间不足30分钟');
  });

  it('approved extra time is named with the minutes it gives; none says nothing', () => {
    expect(extraTimeText({ ExtraTimePercent: 30, AllowedSeconds: 78 * 60 })).toBe(
      '你已获批延长考试时间 30%（合理便利），本场考试时长 78 分钟',
    );
    expect(extraTimeText({ ExtraTimePercent: 0, AllowedSeconds: 3600 })).toBe('');
  });

  it('a window ending before the whole time is said before the clock starts', () => {
    const facts = { ServerTime: '2026-11-26T02:00:00.000Z', AllowedSeconds: 78 * 60 };
    expect(shortenedByWindowText({ ...facts, EndTime: '2026-11-26T03:00:00.000Z' })).toBe(
      '考试将于 2026-11-26 11:00 结束，现在开始只有约 60 分钟作答时间，不足本场考试时长',
    );
    expect(shortenedByWindowText({ ...facts, EndTime: '2026-11-26T03:18:00.000Z' })).toBe('');
    expect(shortenedByWindowText({ ...facts, EndTime: null })).toBe('');
  });

  it('a line of the leave log shows the server’s times in Beijing time', () => {
    const line = leaveLogLine({
      HiddenAt: '2026-11-26T02:03:05.000Z',
      BackAt: '2026-11-26T02:03:15.000Z',
      Seconds: 10,
      Counted: true,
    });
    expect(line).toEqual({ time: '10:03:05–10:03:15', text: '离开 10 秒，已记录', counted: true });
  });
});
