/** A PostgreSQL error of this SQLSTATE, wherever the driver nests it (PGlite and pg alike). */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === code) return true;
  return false;
}

/** A unique violation (23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** A table that does not exist (42P01). */
export const isUndefinedTable = (error: unknown): boolean => hasSqlState(error, '42P01');

/** A deadlock PostgreSQL broke by failing one of the transactions (40P01). */
export const isDeadlock = (error: unknown): boolean => hasSqlState(error, '40P01');
