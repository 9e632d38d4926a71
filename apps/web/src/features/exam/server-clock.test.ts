import { describe, expect, it } from 'vitest';
import { createServerClock, secondsLeft } from './server-clock';

describe('the server clock', () => {
  it('reads the offset at the middle of the round trip, keeping the shortest one', () => {
    let device = 1_000_000;
    const clock = createServerClock(() => device);
    // The server is 10 minutes behind this device; a 200 ms round trip.
    clock.measure(new Date(device - 600_000 + 100).toISOString(), device, device + 200);
    expect(clock.offsetMs).toBe(-600_000);
    // A slower reading (2 s) is less exact and is ignored.
    clock.measure(new Date(device).toISOString(), device, device + 2000);
    expect(clock.offsetMs).toBe(-600_000);
    device += 5000;
    expect(clock.now()).toBe(device - 600_000);
  });

  it('takes a rough guess only until a measured reading exists', () => {
    const clock = createServerClock(() => 0);
    clock.guess(new Date(5000).toISOString(), 1000);
    expect(clock.offsetMs).toBe(4000);
    clock.measure(new Date(3000).toISOString(), 1000, 1000);
    clock.guess(new Date(9000).toISOString(), 1000);
    expect(clock.offsetMs).toBe(2000);
  });

  it('counts down on the server time, capped by the whole attempt, never below zero', () => {
    const attempt = { StartedAt: '2026-05-01T01:00:00.000Z', Deadline: '2026-05-01T02:00:00.000Z' };
    expect(secondsLeft(attempt, Date.parse('2026-05-01T01:10:00.000Z'))).toBe(3000);
    expect(secondsLeft(attempt, Date.parse('2026-05-01T00:59:59.500Z'))).toBe(3600);
    expect(secondsLeft(attempt, Date.parse('2026-05-01T02:00:01.000Z'))).toBe(0);
  });
});
