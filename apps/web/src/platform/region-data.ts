import { REGION_DATA_PATH, type Region, regionSchema } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { runtimeConfig } from './runtime-config';
import { LEFT_TO_THE_BROWSER } from './http/first-answers';

const regionListSchema = z.array(regionSchema);

/** §3 RegionData: the config object's when it carries it, else the host's file (~15 KB, cached). */
export async function fetchRegionData(): Promise<Region[]> {
  const carried = runtimeConfig().RegionData;
  if (carried && carried.length > 0) return carried;
  const response = await fetch(REGION_DATA_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`省市数据加载失败（HTTP ${response.status}）`);
  return regionListSchema.parse(await response.json());
}

/**
 * The provinces and cities for a region field, loaded only by a form that shows one; empty until
 * they arrive (the picker then shows no choices yet).
 */
export function useRegionData(needed = true): { regions: Region[]; failed: boolean } {
  const query = useQuery({
    queryKey: ['region-data'],
    queryFn: fetchRegionData,
    enabled: needed,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: LEFT_TO_THE_BROWSER,
  });
  return { regions: query.data ?? [], failed: query.isError };
}
