import { signedInUser } from './auth/oidc';
import { runtimeConfig } from './runtime-config';

const PREFIX = 'portal.personal:';

function subject(): string | null {
  const sub = signedInUser(runtimeConfig())?.payload.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/**
 * What the signed-in person keeps in this browser as they type (form drafts, exam answers): keyed by
 * who they are, so the next person on a shared phone never sees it, and removed at sign-out.
 */
export const personalStorage = {
  read(name: string): string | null {
    const sub = subject();
    return sub ? localStorage.getItem(`${PREFIX}${sub}:${name}`) : null;
  },
  write(name: string, value: string): void {
    const sub = subject();
    if (sub) localStorage.setItem(`${PREFIX}${sub}:${name}`, value);
  },
  remove(name: string): void {
    const sub = subject();
    if (sub) localStorage.removeItem(`${PREFIX}${sub}:${name}`);
  },
};

export function clearPersonalStorage(): void {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
}
