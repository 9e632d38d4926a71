/** Postgres text cannot hold NUL; no field of ours has a use for it. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value))
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  return false;
}
