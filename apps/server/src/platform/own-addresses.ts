import type { ServerConfig } from '../config.js';

/** The origins visitors reach this deployment at: PUBLIC_URL and CLIENT_DOMAIN. */
export function ownOrigins(config: Pick<ServerConfig, 'publicUrl' | 'clientDomain'>): Set<string> {
  return new Set([new URL(config.publicUrl).origin, new URL(config.clientDomain).origin]);
}

/** The address, parsed, when it is an http(s) page of this deployment; null for anything else. */
export function ownAddress(address: string, origins: ReadonlySet<string>): URL | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return origins.has(url.origin) ? url : null;
}
