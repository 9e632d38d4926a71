import {
  getUser as getUserEndpoint,
  type RuntimeConfig,
  type UserProfile,
} from '@portal/contracts';
import { paths } from '../paths';
import { callEndpoint } from '../http/clients';
import { runtimeConfig } from '../runtime-config';
import { useSessionStore } from '../session-store';
import { navigateTo } from '../navigation';
import { clearPersonalStorage } from '../personal-storage';
import {
  keepSessionCookie,
  type OidcUserRecord,
  rememberNextPath,
  signedInUser,
  signout,
} from './oidc';

/** §2: brings the session's token in line with the stored sign-in; returns the record, if any. */
export function refreshSignIn(config: RuntimeConfig = runtimeConfig()): OidcUserRecord | null {
  const user = signedInUser(config);
  keepSessionCookie(user);
  const session = useSessionStore.getState();
  if (user) {
    if (session.token !== user.access_token) session.setToken(user.access_token, user.token_type);
  } else if (session.token) {
    session.resetSession();
  }
  return user;
}

/** §2: loads the profile (User/GetUser) into the session, and answers it. */
export async function loadProfile(): Promise<UserProfile> {
  const profile = await callEndpoint(getUserEndpoint, {});
  useSessionStore.getState().setProfile(profile);
  return profile;
}

/** §4: forgets the session and signs out at the provider. */
export function signOut(config: RuntimeConfig = runtimeConfig()): void {
  useSessionStore.getState().resetSession();
  clearPersonalStorage();
  signout(config);
}

/** An anonymous visitor's action that needs sign-in: remember where they are, then go to login (§2). */
export function sendToSignIn(
  path: string = `${window.location.pathname}${window.location.search}`,
): void {
  rememberNextPath(path);
  navigateTo(paths.authLogin());
}
