/** Ids travel as positive integers (contracts' idSchema); an id read from the address may be anything. */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A positive integer id from a search parameter, or undefined. */
export function idParam(text: string | null): number | undefined {
  const n = Number(text);
  return text && isId(n) ? n : undefined;
}
