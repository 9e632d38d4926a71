import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

describe('lazySchema', () => {
  it('builds the schema when it is first used, and only once', () => {
    const build = vi.fn(() => z.object({ Name: z.string() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ Name: '张三' })).toEqual({ Name: '张三' });
    expect(schema.safeParse({ Name: 1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('stands in for the schema it builds: its kind, its shape, and schemas made from it', () => {
    const person = lazySchema(() => z.object({ Name: z.string(), Age: z.number().int() }));

    expect(person).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(person.shape)).toEqual(['Name', 'Age']);
    const withMobile = person.extend({ Mobile: z.string() });
    expect(withMobile.parse({ Name: '李四', Age: 30, Mobile: '13800000000' })).toMatchObject({
      Mobile: '13800000000',
    });
    expect(z.array(person).safeParse([{ Name: '王五', Age: 1.5 }]).success).toBe(false);
    expect(person.optional().parse(undefined)).toBeUndefined();
  });
});

describe('the contract', () => {
  it('builds no schema when it is loaded, nor when its endpoints are listed', async () => {
    vi.resetModules();
    const built = vi.fn();
    vi.doMock('./lazy-schema.js', () => ({
      lazySchema: <T extends object>(build: () => T) =>
        lazySchema(() => {
          built();
          return build();
        }),
    }));
    try {
      const contract = await import('./index.js');
      expect(contract.ENDPOINTS.length).toBeGreaterThan(70);
      expect(built).not.toHaveBeenCalled();

      contract.getProjectList.response.parse({
        Items: [],
        Total: 0,
        PageIndex: 1,
        PageSize: 10,
        NextCursor: null,
      });
      expect(built).toHaveBeenCalled();
    } finally {
      vi.doUnmock('./lazy-schema.js');
      vi.resetModules();
    }
  });
});
