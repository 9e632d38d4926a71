/** A PostgreSQL unique violation (23505), wherever the driver nests it (PGlite and pg alike). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
}
