import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session-store';
import { testJwt } from '../testing/jwt-fixture';
import { loadTestRuntimeConfig } from '../testing/runtime-config-fixture';
import { oidcUserKey, type OidcUserRecord } from './oidc';
import { setNavigate } from '../navigation';
import { LOGIN_BACK_NEXT_PATH } from '../storage-keys';
import { loadProfile, refreshSignIn, sendToSignIn } from './sign-in-state';
import { paths } from '../paths';

const config = loadTestRuntimeConfig();
const now = Math.floor(Date.now() / 1000);

function storeRecord(exp: number): OidcUserRecord {
  const record: OidcUserRecord = {
    header: {},
    payload: { exp, iat: now },
    signature: 's',
    access_token: testJwt({ exp, iat: now }),
    token_type: 'Bearer',
    expires_at: exp,
    difference_ntime: 0,
  };
  localStorage.setItem(oidcUserKey(config.WebSite.UserClient.ClientID), JSON.stringify(record));
  return record;
}

describe('§2 refreshing the sign-in state', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().resetSession();
  });

  it('a valid stored sign-in sets the session token', () => {
    const record = storeRecord(now + 3600);
    expect(refreshSignIn(config)?.access_token).toBe(record.access_token);
    expect(useSessionStore.getState()).toMatchObject({
      token: record.access_token,
      tokenType: 'Bearer',
    });
  });

  it('an expired sign-in clears the session', () => {
    useSessionStore.getState().setToken('old');
    storeRecord(now - 1);
    expect(refreshSignIn(config)).toBeNull();
    expect(useSessionStore.getState().token).toBe('');
  });
});

describe('§2 loading the profile', () => {
  it('reads User/GetUser into the session (HeadPortrait, Name)', async () => {
    const data = {
      UserId: 7,
      Name: '李四',
      Mobile: '139****0000',
      HeadPortrait: 'https://cdn.example.com/b.png',
      IsRealName: false,
      IdNumber: null,
      IsBindWeChat: false,
      CreateTime: '2024-01-01T08:00:00+08:00',
    };
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ ErrCode: 0, ErrMsg: '', Data: data })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await loadProfile();
    vi.unstubAllGlobals();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/OpenService/v1/User/GetUser');
    expect(useSessionStore.getState()).toMatchObject({
      name: '李四',
      avatar: 'https://cdn.example.com/b.png',
    });
  });
});

describe('§2 an anonymous action that needs sign-in', () => {
  it('remembers the path in loginBackNextPath and goes to the login route', () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    sendToSignIn(paths.flowManage({ ProjectId: 3 }));
    expect(localStorage.getItem(LOGIN_BACK_NEXT_PATH)).toBe(paths.flowManage({ ProjectId: 3 }));
    expect(navigate).toHaveBeenCalledWith(paths.authLogin());
    setNavigate(null);
  });
});
