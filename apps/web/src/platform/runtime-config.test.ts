import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_GLOBAL, SERVICE_IDS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  authorityOf,
  loadRuntimeConfig,
  parseRuntimeConfig,
  runtimeConfig,
  serviceEndpointOf,
} from './runtime-config';
import { testRuntimeConfig } from './testing/runtime-config-fixture';

describe('§3 runtime configuration', () => {
  it('reads the global the host page defines, once validated', () => {
    const config = testRuntimeConfig();
    const result = loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: config });
    expect(result.ok).toBe(true);
    expect(runtimeConfig().WebSite.UserClient.ClientID).toBe(config.WebSite.UserClient.ClientID);
  });

  it("reads the host page's JSON data island first, and defines the global from it", () => {
    const config = testRuntimeConfig();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = RUNTIME_CONFIG_ELEMENT_ID;
    element.textContent = JSON.stringify({ ...config, Aliyun: { NVC: { Appkey: 'from-island' } } });
    document.head.append(element);
    try {
      const holder: Record<string, unknown> = { [RUNTIME_CONFIG_GLOBAL]: config };
      expect(loadRuntimeConfig(holder).ok).toBe(true);
      expect(runtimeConfig().Aliyun.NVC.Appkey).toBe('from-island');
      expect(holder[RUNTIME_CONFIG_GLOBAL]).toEqual(runtimeConfig());
    } finally {
      element.remove();
    }
    // A malformed island is reported, not skipped.
    expect(loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: config }, null).ok).toBe(false);
  });

  it('a missing config says the host page did not provide it', () => {
    const result = parseRuntimeConfig(undefined);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join()).toContain(`window.${RUNTIME_CONFIG_GLOBAL}`);
    expect(loadRuntimeConfig({}).ok).toBe(false);
    expect(() => runtimeConfig()).toThrow();
  });

  it('a malformed config names the setting that is wrong', () => {
    const config = testRuntimeConfig();
    const broken = {
      ...config,
      Auth: { Authority: 'not a url' },
      WebSite: { UserClient: { ...config.WebSite.UserClient, ClientID: undefined } },
    };
    const result = parseRuntimeConfig(broken);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toContain(
      '配置项 Auth.Authority 的值不正确：应为完整的网址（如 https://…）',
    );
    expect(result.problems).toContain('缺少配置项 WebSite.UserClient.ClientID');
  });

  it('every ServiceID the portal calls must be configured', () => {
    const config = testRuntimeConfig();
    const result = parseRuntimeConfig({
      ...config,
      MicroServices: config.MicroServices.filter((s) => s.ServiceID !== 'exam-expand'),
    });
    expect(result).toEqual({
      ok: false,
      problems: ['MicroServices 中缺少服务 exam-expand 的 ServiceEndpoint'],
    });
  });

  it('an endpoint is looked up by ServiceID with a trailing slash removed', () => {
    const config = testRuntimeConfig();
    config.MicroServices = SERVICE_IDS.map((id) => ({
      ServiceID: id,
      ServiceEndpoint: `https://api.example.com/${id}/`,
    }));
    expect(serviceEndpointOf(config, 'exam-expand')).toBe('https://api.example.com/exam-expand');
    expect(serviceEndpointOf(config, 'exam-flow')).toBe('https://api.example.com/exam-flow');
  });

  it('the Authority is used without a trailing slash', () => {
    const config = testRuntimeConfig();
    config.Auth.Authority = 'https://id.example.com/identity/';
    expect(authorityOf(config)).toBe('https://id.example.com/identity');
  });
});
