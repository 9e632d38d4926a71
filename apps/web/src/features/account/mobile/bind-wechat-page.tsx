import './account.css';
import { Button, Dialog } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useRelieveWeChatBind } from '../api/profile-mutations';
import { fetchWeChatAuthorize, useBindWeChat, useWeChatBindUser } from '../api/wechat-bind';
import { paths } from '../../../platform';
import { SafeImage } from '../../../shared/ui/safe-image';

/** Where the state sent to the authorisation page is kept until WeChat returns. */
export const WECHAT_BIND_STATE_KEY = 'weChatBindState';
const BIND_PATH = paths.bindWeChatAccount();

/** The state WeChat must return: the one in the authorisation address we were sent to. */
export function stateOf(authorizeUrl: string): string {
  return new URL(authorizeUrl).searchParams.get('state') ?? '';
}

/** Codes already spent in this page's life (StrictMode runs effects twice in development). */
const spentCodes = new Set<string>();

/**
 * my/bindWeChatAccount: the binding (BindWeChat/GetWeChatBindUser); bind through WeChat's
 * authorisation (GetWeChatConfig → AuthorizeUrl → back with ?code=&state= → BindAccount);
 * unbind (User/RelieveWeChatBind) after a confirmation.
 */
export default function BindWeChatPage() {
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
    void navigate(BIND_PATH, { replace: true });
    if (!expected || expected !== returnedState) {
      setProblem('微信授权校验未通过，请重新绑定');
      return;
    }
    bindRef.current(
      { Code: code, State: expected },
      {
        onSuccess: () => setNotice('微信绑定成功'),
      },
    );
  }, [code, returnedState, navigate]);

  const startBinding = async () => {
    setProblem('');
    setNotice('');
    setLeaving(true);
    try {
      const { AuthorizeUrl } = await fetchWeChatAuthorize(`${window.location.origin}${BIND_PATH}`);
      sessionStorage.setItem(WECHAT_BIND_STATE_KEY, stateOf(AuthorizeUrl));
      window.location.assign(AuthorizeUrl);
    } catch {
      // The HTTP layer has said why.
      setLeaving(false);
    }
  };

  const confirmUnbind = async () => {
    if (relieve.isPending) return;
    const confirmed = await Dialog.confirm({
      content: '解除绑定后将无法使用该微信快捷登录，确定解除绑定吗？',
      confirmText: '解除绑定',
    });
    if (!confirmed) return;
    relieve.mutate(undefined, {
      onSuccess: () => {
        void bindUser.refetch();
        setNotice('已解除微信绑定');
      },
    });
  };

  if (bindUser.isPending || bind.isPending)
    return <LoadingSkeleton rows={1} label="正在读取微信绑定状态" />;
  if (bindUser.isError) return <LoadFailed onRetry={() => void bindUser.refetch()} />;
  const user = bindUser.data;

  return (
    <section className="account-page" aria-label="微信绑定">
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="account-page__notice" role="status">
        {notice}
      </p>
      {user.IsBind ? (
        <>
          <div className="account-wechat">
            {user.HeadImgUrl ? (
              <SafeImage
                className="account-profile__avatar"
                src={user.HeadImgUrl}
                alt="微信头像"
                fallbackText="无头像"
              />
            ) : null}
            <div>
              <p className="account-profile__name">
                已绑定微信<span className="account-tag account-tag--ok">已绑定</span>
              </p>
              <p className="account-profile__meta">微信昵称：{user.NickName || '微信用户'}</p>
              {user.BindTime ? (
                <p className="account-profile__meta">绑定时间：{formatDate(user.BindTime)}</p>
              ) : null}
            </div>
          </div>
          <Button
            block
            color="danger"
            fill="outline"
            loading={relieve.isPending}
            disabled={relieve.isPending}
            onClick={() => void confirmUnbind()}
          >
            解除绑定
          </Button>
        </>
      ) : (
        <>
          <p className="account-page__lead">
            当前账号未绑定微信。绑定后可在微信中快捷登录，并接收报名进度通知。
          </p>
          <Button
            block
            color="primary"
            loading={leaving}
            disabled={leaving}
            onClick={() => void startBinding()}
          >
            绑定微信
          </Button>
        </>
      )}
    </section>
  );
}
