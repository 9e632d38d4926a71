import { getWeChatBindUser, getWeChatConfig } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../platform';
import { fakeServer } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useWeChatBinding, WECHAT_BIND_STATE_KEY } from './use-wechat-binding';

setUpScreenTests();
afterEach(() => sessionStorage.clear());

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.50';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const unbound = { IsBind: false, NickName: '', HeadImgUrl: '', BindTime: null };

/** Presses 绑定微信 where the browser says it is; what GetWeChatConfig was asked. */
async function startBindingIn(userAgent: string) {
  signIn();
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    origin: 'http://localhost',
    assign,
  });
  const server = fakeServer()
    .on(getWeChatBindUser, unbound)
    .on(getWeChatConfig, (input) => ({
      AppId: 'wx1',
      AuthorizeUrl: `http://localhost/gateways/wechat/x?state=s-${String(input.Way)}`,
    }));
  const { result } = renderFeatureHook(() =>
    useWeChatBinding({
      returnPath: paths.bindWeChatAccount(),
      confirmUnbind: async () => true,
    }),
  );
  await act(() => result.current.startBinding());
  await waitFor(() => expect(assign).toHaveBeenCalled());
  return { input: server.calls(getWeChatConfig)[0]?.input, leftFor: assign.mock.calls[0]?.[0] };
}

describe('useWeChatBinding: which of WeChat’s pages binds', () => {
  it('inside WeChat: WeChat’s own authorisation page (Way inside), its state kept', async () => {
    const { input, leftFor } = await startBindingIn(WECHAT_UA);
    expect(input).toMatchObject({
      ReturnUrl: `http://localhost${paths.bindWeChatAccount()}`,
      Way: 'inside',
    });
    expect(leftFor).toContain('state=s-inside');
    expect(sessionStorage.getItem(WECHAT_BIND_STATE_KEY)).toBe('s-inside');
  });

  it('anywhere else: the QR page (Way qr), scanned with WeChat on the phone', async () => {
    const { input } = await startBindingIn(DESKTOP_UA);
    expect(input).toMatchObject({ Way: 'qr' });
    expect(sessionStorage.getItem(WECHAT_BIND_STATE_KEY)).toBe('s-qr');
  });
});
