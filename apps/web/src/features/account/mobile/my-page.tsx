import type { PersonalCenterNumber } from '@portal/contracts';
import { Button, Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { ElderModeSwitch, paths, signOut, useUploadSrc } from '../../../platform';
import { LoadFailed } from '../../../shared/ui/mobile/query-states';
import { usePersonalCenterNumber } from '../api/get-personal-center-number';
import { useProfile } from '../api/session-profile';
import './my-page.css';
import { SafeImage } from '../../../shared/ui/safe-image';

/** The personal-centre numbers, each opening the list it counts. */
const COUNTS: { key: keyof PersonalCenterNumber; label: string; to: string }[] = [
  { key: 'ApplyCount', label: '报名', to: paths.myProject() },
  { key: 'RunProjectCount', label: '进行中', to: paths.myRunProject() },
  { key: 'OrderCount', label: '订单', to: paths.myOrder() },
  { key: 'BrowseCount', label: '足迹', to: paths.myHistory() },
  { key: 'CollectCount', label: '收藏', to: paths.myLike() },
  { key: 'UnreadMessageCount', label: '未读消息', to: paths.notice() },
];

const LINKS = [
  { to: paths.authStation(), title: '待办事项', hint: '退回修改、待缴费、待打印准考证、考试' },
  { to: paths.myAccount(), title: '账号与资料', hint: '头像、密码、手机号、微信绑定' },
  { to: paths.questionMy(), title: '我的提问', hint: '向主办方咨询的问题' },
];

function ProfileCard() {
  const { profile, query } = useProfile();
  const name = profile?.Name ?? '';
  const avatar = useUploadSrc(profile?.HeadPortrait ?? '');
  return (
    <section className="my-profile" aria-label="个人信息">
      {avatar ? (
        <SafeImage className="my-profile__avatar" src={avatar} alt="" fallbackText="无头像" />
      ) : (
        <span className="my-profile__avatar my-profile__avatar--default" aria-hidden="true">
          {name.slice(0, 1) || '我'}
        </span>
      )}
      <div className="my-profile__text">
        {profile ? (
          <>
            <h2 className="my-profile__name">{name || '未设置姓名'}</h2>
            <p className="my-profile__meta">
              <span
                className={
                  profile.IsRealName ? 'my-profile__flag my-profile__flag--yes' : 'my-profile__flag'
                }
              >
                {profile.IsRealName ? '已实名' : '未实名'}
              </span>
              <span>{profile.Mobile}</span>
            </p>
          </>
        ) : query.isError ? (
          <p className="my-profile__meta">
            个人信息加载失败
            <button
              type="button"
              className="my-profile__retry"
              onClick={() => void query.refetch()}
            >
              重试
            </button>
          </p>
        ) : (
          <p className="my-profile__meta" role="status">
            正在加载个人信息…
          </p>
        )}
      </div>
    </section>
  );
}

function Counts() {
  const numbers = usePersonalCenterNumber();
  if (numbers.isError) {
    return (
      <LoadFailed
        title="数据加载失败"
        description="报名、订单等数量暂未取到"
        onRetry={() => void numbers.refetch()}
      />
    );
  }
  return (
    <nav className="my-counts" aria-label="我的数据" aria-busy={numbers.isPending}>
      <ul className="my-counts__list">
        {COUNTS.map((c) => {
          const value = numbers.data?.[c.key];
          return (
            <li key={c.key}>
              <Link
                className="my-counts__item"
                to={c.to}
                aria-label={value === undefined ? c.label : `${c.label} ${value}`}
              >
                <span
                  className={
                    c.key === 'UnreadMessageCount' && value
                      ? 'my-counts__value my-counts__value--alert'
                      : 'my-counts__value'
                  }
                  aria-hidden="true"
                >
                  {value ?? '–'}
                </span>
                <span className="my-counts__label" aria-hidden="true">
                  {c.label}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** my: who is signed in, their numbers (each opens its list), account links and sign-out (§4). */
export default function MyPage() {
  const confirmSignOut = async () => {
    if (await Dialog.confirm({ content: '确定要退出登录吗？', confirmText: '退出' })) signOut();
  };

  return (
    <div className="my-page">
      <ProfileCard />
      <Counts />
      <div className="my-page__elder">
        <ElderModeSwitch />
      </div>
      <ul className="my-links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link className="my-links__item" to={link.to}>
              <span className="my-links__title">{link.title}</span>
              <span className="my-links__hint">{link.hint}</span>
              <span className="my-links__arrow" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="my-page__sign-out">
        <Button block color="danger" fill="outline" onClick={() => void confirmSignOut()}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
