import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { currentPlatformCode, leaveTo, PLATFORM_CODES } from '../../platform';
import { useRelieveWeChatBind } from './api/profile-mutations';
import { fetchWeChatAuthorize, useBindWeChat, useWeChatBindUser } from './api/wechat-bind';

/** Where the state sent to the authorisation page is kept until WeChat returns. */
export const WECHAT_BIND_STATE_KEY = 'weChatBindState';

/** The state WeChat must return: the one in the authorisation address we were sent to. */
export function stateOf(authorizeUrl: string): string {
  return new URL(authorizeUrl).searchParams.get('state') ?? '';
}

/** Codes already spent in this page's life (StrictMode runs effects twice in development). */
const spentCodes = new Set<string>();

/**
 * WeChat binding without its looks: the binding (BindWeChat/GetWeChatBindUser); binding through
 * WeChat's authorisation (GetWeChatConfig → AuthorizeUrl → back to `returnPath` with ?code=&state=
 * → BindAccount, the state checked); unbinding (User/RelieveWeChatBind) after `confirm`.
 */
export function useWeChatBinding({
  returnPath,
  confirmUnbind,
}: {
  /** The page WeChat returns to (this page, without its query). */
  returnPath: string;
  confirmUnbind: () => Promise<boolean>;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const bindUser = useWeChatBindUser();
  const bind = useBindWeChat();
  const relieve = useRelieveWeChatBind();
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState('');
  // Said on the page rather than in a toast: it stays readable and is announced.
  const [notice, setNotice] = useState('');
  const bindRef = useRef(bind.mutate);
  useEffect(() => {
    bindRef.current = bind.mutate;
  });

  const code = params.get('code');
  const returnedState = params.get('state');
  useEffect(() => {
    if (!code || spentCodes.has(code)) return;
    spentCodes.add(code);
    const expected = sessionStorage.getItem(WECHAT_BIND_STATE_KEY);
    sessionStorage.removeItem(WECHAT_BIND_STATE_KEY);
    // The code and state leave the address bar whatever happens next.
    void navigate(returnPath, { replace: true });
    if (!expected || expected !== returnedState) {
      setProblem('微信授权校验未通过，请重新绑定');
      return;
    }
    bindRef.current(
      { Code: code, State: expected },
      { onSuccess: () => setNotice('微信绑定成功') },
    );
  }, [code, returnedState, navigate, returnPath]);

  /**
   * The authorisation address, its state kept for the return: inside WeChat its 网页授权 page,
   * anywhere else WeChat's QR page (scanned with WeChat on the phone, then back here).
   */
  const authorize = async (): Promise<string> => {
    const way = currentPlatformCode() === PLATFORM_CODES.weChat ? 'inside' : 'qr';
    const { AuthorizeUrl } = await fetchWeChatAuthorize(
      `${window.location.origin}${returnPath}`,
      way,
    );
    sessionStorage.setItem(WECHAT_BIND_STATE_KEY, stateOf(AuthorizeUrl));
    return AuthorizeUrl;
  };

  const startBinding = async () => {
    setProblem('');
    setNotice('');
    setLeaving(true);
    try {
      leaveTo(await authorize());
    } catch {
      // The HTTP layer has said why.
      setLeaving(false);
    }
  };

  const unbind = async () => {
    if (relieve.isPending || !(await confirmUnbind())) return;
    relieve.mutate(undefined, {
      onSuccess: () => {
        void bindUser.refetch();
        setNotice('已解除微信绑定');
      },
    });
  };

  return {
    bindUser,
    binding: bind.isPending,
    unbinding: relieve.isPending,
    leaving,
    problem,
    notice,
    startBinding,
    unbind,
  };
}
