import { z } from 'zod';

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The type under optional/default/nullable: the one a query value must be read as. */
function baseTypeOf(schema: z.ZodType): string {
  let current = schema._zod.def as { type: string; innerType?: z.ZodType };
  while (WRAPPERS.has(current.type) && current.innerType)
    current = current.innerType._zod.def as { type: string; innerType?: z.ZodType };
  return current.type;
}

function fromText(type: string, text: string): unknown {
  if (type === 'number' && DECIMAL.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * A query string carries only text: the fields the contract types as numbers or booleans are read
 * as such here, and only here — a JSON body's types are checked as they are.
 * Text that is not a plain decimal stays text, so the contract refuses it by the field's name.
 */
export function readQueryText(schema: z.ZodType, query: Record<string, unknown>): unknown {
  if (!(schema instanceof z.ZodObject)) return query;
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      return [key, field && typeof value === 'string' ? fromText(baseTypeOf(field), value) : value];
    }),
  );
}
