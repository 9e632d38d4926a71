import { REGION_DATA_PATH, RUNTIME_CONFIG_GLOBAL } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRegionData } from './region-data';
import { loadRuntimeConfig } from './runtime-config';
import { testRuntimeConfig } from './testing/runtime-config-fixture';

const BEIJING = [
  { Code: '110000', Name: '北京市', Children: [{ Code: '110100', Name: '市辖区' }] },
];

afterEach(() => vi.unstubAllGlobals());

describe('§3 RegionData', () => {
  it("is fetched from the host's file when the config object does not carry it", async () => {
    loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: testRuntimeConfig() }, undefined);
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(BEIJING)));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchRegionData()).toEqual(BEIJING);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(REGION_DATA_PATH);
  });

  it('is taken from the config object when a host page carries it, without a request', async () => {
    loadRuntimeConfig(
      { [RUNTIME_CONFIG_GLOBAL]: { ...testRuntimeConfig(), RegionData: BEIJING } },
      undefined,
    );
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchRegionData()).toEqual(BEIJING);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed load is an error the form can show, not an empty list', async () => {
    loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: testRuntimeConfig() }, undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('', { status: 503 })),
    );
    await expect(fetchRegionData()).rejects.toThrow('省市数据加载失败');
  });
});
