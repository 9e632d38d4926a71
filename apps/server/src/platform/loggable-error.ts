/**
 * A failure as the log keeps it: what failed and where, never the values a query carried or a
 * driver's detail line (both hold what callers sent: names, ID numbers, mobiles).
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const failed = error as Error & { query?: unknown; params?: unknown; code?: unknown };
  const sqlState = typeof failed.code === 'string' && /^[0-9A-Z]{5}$/.test(failed.code);
  // A database's own message may quote a value ('value "…" is out of range'): its code says enough.
  const message =
    'params' in failed
      ? `Failed query: ${String(failed.query)}`
      : sqlState
        ? `database error ${String(failed.code)}`
        : failed.message;
  return {
    type: failed.name,
    message,
    ...(typeof failed.code === 'string' ? { code: failed.code } : {}),
    stack: [
      `${failed.name}: ${message}`,
      ...(failed.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
    ].join('\n'),
    ...(failed.cause && depth < 3 ? { cause: loggableError(failed.cause, depth + 1) } : {}),
  };
}
