import { ENDPOINTS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { SERVICE_ROUTES } from './index.js';

describe('every contract call has a handler', () => {
  const handled = new Set(
    Object.values(SERVICE_ROUTES).flatMap((routes) => routes.map((r) => r.endpoint.name)),
  );
  it.each(ENDPOINTS.map((e) => [e.name]))('%s', (name) => {
    expect(handled.has(name)).toBe(true);
  });
});
