/**
 * The server's clock as seen from this device: the countdown runs on it, so a device clock set
 * wrong (or changed during the exam) moves nothing. The offset comes from the server's own answers.
 */
export interface ServerClock {
  /** Milliseconds the server is ahead of this device. */
  readonly offsetMs: number;
  /** Takes the ServerTime of an answer, with when the request left and the answer came back. */
  measure(serverTime: string, sentAt: number, receivedAt: number): void;
  /** A reading without its send time (a cached query): used only until a measured one comes. */
  guess(serverTime: string, receivedAt: number): void;
  now(): number;
}

export function createServerClock(deviceNow: () => number = Date.now): ServerClock {
  let offsetMs = 0;
  // The shortest round trip seen so far gives the most exact reading.
  let bestRoundTrip = Infinity;
  return {
    get offsetMs() {
      return offsetMs;
    },
    measure(serverTime, sentAt, receivedAt) {
      const roundTrip = Math.max(0, receivedAt - sentAt);
      const server = Date.parse(serverTime);
      if (Number.isNaN(server) || roundTrip > bestRoundTrip) return;
      bestRoundTrip = roundTrip;
      offsetMs = server - (sentAt + roundTrip / 2);
    },
    guess(serverTime, receivedAt) {
      const server = Date.parse(serverTime);
      if (bestRoundTrip === Infinity && !Number.isNaN(server)) offsetMs = server - receivedAt;
    },
    now: () => deviceNow() + offsetMs,
  };
}

/**
 * Whole seconds left of an attempt on the server's clock: never below zero, and never more than
 * the attempt's whole time (a reading's latency must not show 01:00:01 of a one-hour paper).
 */
export function secondsLeft(
  attempt: { StartedAt: string; Deadline: string },
  serverNow: number,
): number {
  const deadline = Date.parse(attempt.Deadline);
  const whole = Math.ceil((deadline - Date.parse(attempt.StartedAt)) / 1000);
  return Math.max(0, Math.min(whole, Math.ceil((deadline - serverNow) / 1000)));
}
