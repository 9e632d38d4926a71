import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@portal/contracts';
import { ENDPOINTS } from '@portal/contracts';

/** PostgreSQL's integer column: every integer a caller may send must fit one. */
const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;

type JsonSchema = Record<string, unknown>;

/** Every place in a request schema where a caller's input is unbounded, as a JSON pointer. */
function unboundedPlaces(schema: JsonSchema, at = ''): string[] {
  const found: string[] = [];
  const bounded = schema.enum !== undefined || schema.const !== undefined;
  if (schema.type === 'string' && !bounded && typeof schema.maxLength !== 'number')
    found.push(`${at || '/'}: string without maxLength`);
  const min = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
  const max = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
  if (schema.type === 'integer' && !bounded)
    if (min === undefined || max === undefined || min < INT4_MIN || max > INT4_MAX)
      found.push(`${at || '/'}: integer outside ${INT4_MIN}..${INT4_MAX}`);
  if (schema.type === 'number' && !bounded && (min === undefined || max === undefined))
    found.push(`${at || '/'}: number without a minimum and a maximum`);
  if (schema.type === 'array' && typeof schema.maxItems !== 'number' && !schema.prefixItems)
    found.push(`${at || '/'}: array without maxItems`);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      for (const [name, child] of Object.entries(value as Record<string, JsonSchema>))
        found.push(...unboundedPlaces(child, `${at}/${name}`));
    } else if (Array.isArray(value)) {
      value.forEach((child, i) => {
        if (child && typeof child === 'object')
          found.push(...unboundedPlaces(child as JsonSchema, `${at}/${key}[${i}]`));
      });
    } else if (value && typeof value === 'object' && key !== 'default' && key !== 'examples') {
      found.push(...unboundedPlaces(value as JsonSchema, `${at}/${key}`));
    }
  }
  return found;
}

const requestJsonSchemas = ENDPOINTS.map((endpoint) => ({
  name: endpoint.name,
  json: z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
}));

function patternsIn(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own =
    typeof (schema as JsonSchema).pattern === 'string'
      ? [(schema as JsonSchema).pattern as string]
      : [];
  return [...own, ...Object.values(schema).flatMap(patternsIn)];
}

/** Every pattern a caller's text meets: the contract's exported ones and those inside request schemas. */
const PATTERNS: [string, RegExp][] = [
  ...Object.entries(contract).filter(
    (entry): entry is [string, RegExp] => entry[1] instanceof RegExp,
  ),
  ...[...new Set(requestJsonSchemas.flatMap(({ json }) => patternsIn(json)))].map(
    (source) => [`schema pattern ${source}`, new RegExp(source)] as [string, RegExp],
  ),
];

const ADVERSARIAL_LENGTH = 100_000;
const PATTERN_BUDGET_MS = 50;

/** Long runs of each character the pattern names, alone and in pairs, ended by one that fails it. */
function adversarialInputs(pattern: RegExp): string[] {
  const named = pattern.source.replace(/\\[dswDSW]/g, '').match(/[^\\^$()[\]{}?*+|]/gu) ?? [];
  const alphabet = [...new Set([...named, 'a', 'A', '1', '.', '@', ' ', '-', '_', '中', 'x'])];
  const runOf = (unit: string) => unit.repeat(Math.ceil(ADVERSARIAL_LENGTH / unit.length));
  const inputs: string[] = [];
  for (const first of alphabet) {
    inputs.push(runOf(first), `${runOf(first)}\u0000`, `x@${runOf(first)}@`, `1${runOf(first)}!`);
    for (const second of alphabet) inputs.push(`${runOf(first + second)}\u0000`);
  }
  return inputs;
}

describe("every pattern that meets a caller's text runs in linear time", () => {
  it('finds the patterns it checks', () => {
    expect(PATTERNS.map(([name]) => name)).toEqual(
      expect.arrayContaining(['EMAIL_PATTERN', 'MOBILE_PATTERN']),
    );
  });
  it.each(PATTERNS)(
    `%s answers a ${ADVERSARIAL_LENGTH / 1000} KB adversarial input within ${PATTERN_BUDGET_MS} ms`,
    (_, pattern) => {
      const slowest = { ms: 0, input: '' };
      for (const input of adversarialInputs(pattern)) {
        // The fastest of three: a busy machine only adds time, a backtracking pattern never loses it.
        const ms = Math.min(
          ...[0, 1, 2].map(() => {
            const started = performance.now();
            pattern.test(input);
            return performance.now() - started;
          }),
        );
        if (ms > slowest.ms) Object.assign(slowest, { ms, input: input.slice(0, 12) });
        if (ms > PATTERN_BUDGET_MS) break;
      }
      expect(
        slowest.ms,
        `slowest on an input starting ${JSON.stringify(slowest.input)}`,
      ).toBeLessThan(PATTERN_BUDGET_MS);
    },
  );
});

describe('every request the contract accepts is bounded', () => {
  it.each(requestJsonSchemas.map(({ name, json }) => [name, json] as const))(
    '%s: strings have a maximum length, integers the range of a column, lists a maximum size',
    (_, json) => {
      expect(unboundedPlaces(json)).toEqual([]);
    },
  );

  it('a form carries at most its number of fields', () => {
    const values = Object.fromEntries(
      Array.from({ length: contract.FORM_MAX_FIELDS + 1 }, (_, i) => [`f${i}`, 'x']),
    );
    expect(contract.formValuesSchema.safeParse(values).success).toBe(false);
    delete values.f0;
    expect(contract.formValuesSchema.safeParse(values).success).toBe(true);
  });
});
