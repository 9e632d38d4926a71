import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('settings', () => {
  it('defaults to everything on :8080 with the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.parts.size).toBe(8);
    expect(config.serviceEndpoints['exam-expand']).toBe(
      'http://localhost:8080/services/exam-expand',
    );
    expect(config.authorityUrl).toBe('http://localhost:8080/identity');
  });
  it('runs a subset named in SERVICES', () => {
    const config = loadConfig({ SERVICES: 'exam-flow,exam-message' });
    expect([...config.parts]).toEqual(['exam-flow', 'exam-message']);
  });
  it('names an unknown part', () => {
    expect(() => loadConfig({ SERVICES: 'exam-flow,exam-nope' })).toThrow(/exam-nope/);
  });
  it('names a malformed setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
  it('takes per-service public endpoints for a split deployment', () => {
    const config = loadConfig({ SERVICE_ENDPOINTS: 'exam-flow=https://flow.example.com/' });
    expect(config.serviceEndpoints['exam-flow']).toBe('https://flow.example.com');
    expect(() => loadConfig({ SERVICE_ENDPOINTS: 'exam-flow' })).toThrow(/SERVICE_ENDPOINTS/);
  });
  it('refuses development tools in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_DEV_OUTBOX: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'on' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
  });
  it('believes forwarded headers only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
  });
  it('keeps the SMS outbox off in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).smsDevOutbox).toBe(false);
    expect(loadConfig({}).smsDevOutbox).toBe(true);
  });
});
