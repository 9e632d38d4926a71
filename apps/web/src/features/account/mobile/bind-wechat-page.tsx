import './account.css';
import { Button, Dialog } from 'antd-mobile';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useWeChatBinding } from '../use-wechat-binding';
import { SafeImage } from '../../../shared/ui/safe-image';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

/**
 * my/bindWeChatAccount: the binding; bind through WeChat's authorisation; unbind after a
 * confirmation (useWeChatBinding).
 */
export default function BindWeChatPage() {
  const { bindUser, binding, unbinding, leaving, problem, notice, startBinding, unbind } =
    useWeChatBinding({
      returnPath: paths.bindWeChatAccount(),
      confirmUnbind: () =>
        Dialog.confirm({
          content: '解除绑定后将无法使用该微信快捷登录，确定解除绑定吗？',
          confirmText: '解除绑定',
        }),
    });

  if (bindUser.isPending || binding)
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
            loading={unbinding}
            loadingText={BUSY_TEXT}
            disabled={unbinding}
            onClick={() => void unbind()}
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
            loadingText={BUSY_TEXT}
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
