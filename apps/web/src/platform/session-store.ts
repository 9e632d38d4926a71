import type { PersonalCenterNumber, UserProfile } from '@portal/contracts';
import { create } from 'zustand';

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

export const useSessionStore = create<SessionState & SessionActions>()((set) => ({
  ...signedOut,
  setToken: (token, tokenType = DEFAULT_TOKEN_TYPE) => set({ token, tokenType }),
  setProfile: (profile) =>
    set({
      userData: profile,
      name: profile.Name,
      avatar: profile.HeadPortrait,
      realName: profile.IsRealName,
    }),
  setUnreadNoticeCount: (unreadNoticeCount) => set({ unreadNoticeCount }),
  setAuthData: (authData) => set({ authData }),
  setPersonalCenterNumbers: (personalCenterNumbers) => set({ personalCenterNumbers }),
  setGoFlag: (goFlag) => set({ goFlag }),
  resetSession: () => set(signedOut),
}));
