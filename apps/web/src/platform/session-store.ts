import type { PersonalCenterNumber, UserProfile } from '@portal/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

/** §3 session state. */
export interface SessionState {
  token: string;
  /** §3: Bearer unless the sign-in said otherwise. */
  tokenType: string;
  name: string;
  avatar: string;
  realName: boolean;
  /** The User/GetUser profile; null until loaded. */
  userData: UserProfile | null;
  unreadNoticeCount: number;
  authData: Record<string, unknown>;
  personalCenterNumbers: PersonalCenterNumber | null;
  goFlag: boolean;
}

interface SessionActions {
  setToken: (token: string, tokenType?: string) => void;
  /** §3: the profile fields read are HeadPortrait and Name. */
  setProfile: (profile: UserProfile) => void;
  setUnreadNoticeCount: (count: number) => void;
  setAuthData: (data: Record<string, unknown>) => void;
  setPersonalCenterNumbers: (numbers: PersonalCenterNumber) => void;
  setGoFlag: (go: boolean) => void;
  /** §4: the token is cleared on logout or reset, with everything read for it. */
  resetSession: () => void;
}

export const DEFAULT_TOKEN_TYPE = 'Bearer';

const signedOut: SessionState = {
  token: '',
  tokenType: DEFAULT_TOKEN_TYPE,
  name: '',
  avatar: '',
  realName: false,
  userData: null,
  unreadNoticeCount: 0,
  authData: {},
  personalCenterNumbers: null,
  goFlag: false,
};

/** The profile's fields the session keeps beside it (§3: HeadPortrait and Name are read). */
const profileFields = (profile: UserProfile) => ({
  userData: profile,
  name: profile.Name,
  avatar: profile.HeadPortrait,
  realName: profile.IsRealName,
});

type SessionStore = SessionState & SessionActions;

/**
 * Whether this process keeps a session in the module-wide store: the browser does; the server's
 * renderer does not, as it draws many people's screens (each drawing's session is its
 * DrawnSessionContext) and its calls would otherwise leave the last person's numbers here.
 */
let keepsSession = true;
export function keepNoSessionInThisProcess(): void {
  keepsSession = false;
}

const sessionStore = createStore<SessionStore>()((setState) => {
  const set = (state: Partial<SessionState>) => {
    if (keepsSession) setState(state);
  };
  return {
    ...signedOut,
    setToken: (token, tokenType = DEFAULT_TOKEN_TYPE) => set({ token, tokenType }),
    setProfile: (profile) => set(profileFields(profile)),
    setUnreadNoticeCount: (unreadNoticeCount) => set({ unreadNoticeCount }),
    setAuthData: (authData) => set({ authData }),
    setPersonalCenterNumbers: (personalCenterNumbers) => set({ personalCenterNumbers }),
    setGoFlag: (goFlag) => set({ goFlag }),
    resetSession: () => set(signedOut),
  };
});

/**
 * The session a server-drawn signed-in screen was drawn with: what the server renders it with, and
 * what the browser hydrates it with (the store's server snapshot), so the two agree; the browser's
 * own session, the same person's, shows right after. Null: signed out, the store's initial state.
 */
export const DrawnSessionContext = createContext<SessionStore | null>(null);

/** The session as a signed-in screen is drawn: signed in (the token itself is never drawn). */
export function drawnSessionState({
  profile,
  unreadNoticeCount,
}: {
  profile: UserProfile;
  unreadNoticeCount: number;
}): SessionStore {
  return {
    ...sessionStore.getInitialState(),
    token: 'drawn',
    ...profileFields(profile),
    unreadNoticeCount,
  };
}

/** §3 session state, read by a selector (as zustand's hook); getState() outside React. */
export function useSessionStore<T>(selector: (state: SessionStore) => T): T {
  const drawn = useContext(DrawnSessionContext);
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => selector(sessionStore.getState()),
    () => selector(drawn ?? sessionStore.getInitialState()),
  );
}
useSessionStore.getState = sessionStore.getState;
useSessionStore.setState = ((...args: Parameters<typeof sessionStore.setState>) => {
  if (keepsSession) sessionStore.setState(...args);
}) as typeof sessionStore.setState;
