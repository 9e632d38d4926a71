import '../../../shared/ui/desktop/page.css';
import './account-desktop.css';
import type { PersonalCenterNumber } from '@portal/contracts';
import { Avatar, Button, Tag } from 'antd';
import { Link, useOutlet } from 'react-router';
import { ElderModeSwitch, paths, useUploadSrc } from '../../../platform';
import { StationTasks } from '../../station';
import { usePersonalCenterNumber } from '../api/get-personal-center-number';
import { useProfile } from '../api/session-profile';
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';

/** The personal-centre numbers (User/GetPersonalCenterNumber), each opening the list it counts. */
const COUNTS: { key: keyof PersonalCenterNumber; label: string; to: string }[] = [
  { key: 'ApplyCount', label: '报名', to: paths.myProject() },
  { key: 'RunProjectCount', label: '进行中', to: paths.myRunProject() },
  { key: 'OrderCount', label: '订单', to: paths.myOrder() },
  { key: 'CollectCount', label: '收藏', to: paths.myLike() },
  { key: 'BrowseCount', label: '足迹', to: paths.projectList() },
  { key: 'UnreadMessageCount', label: '未读消息', to: paths.notice({ tab: 'message' }) },
];

/** Who is signed in: avatar, name, real-name state, and their numbers. */
function Summary() {
  const { profile, query } = useProfile();
  const numbers = usePersonalCenterNumber();
  const name = profile?.Name || '未设置姓名';
  const avatar = useUploadSrc(profile?.HeadPortrait ?? '');
  return (
    <section className="d-page d-my-summary" aria-label="个人概况">
      <div className="d-my-summary__who">
        <Avatar size={56} src={avatar || undefined} alt="我的头像">
          {name.slice(0, 1)}
        </Avatar>
        <div>
          {profile ? (
            <>
              <p className="d-my-summary__name">
                {name}
                <Tag color={profile.IsRealName ? TAG_COLOR.ok : TAG_COLOR.quiet}>
                  {profile.IsRealName ? '已实名' : '未实名'}
                </Tag>
              </p>
              <p className="d-my-summary__meta">
                手机号 {profile.Mobile || '未绑定'} ·{' '}
                <Link to={paths.myAccount()}>{profile.IsRealName ? '账号设置' : '去实名认证'}</Link>
              </p>
            </>
          ) : query.isError ? (
            <p className="d-my-summary__meta" role="alert">
              个人信息加载失败{' '}
              <Button size="small" autoInsertSpace={false} onClick={() => void query.refetch()}>
                重试
              </Button>
            </p>
          ) : (
            <p className="d-my-summary__meta" role="status">
              正在加载个人信息…
            </p>
          )}
        </div>
      </div>
      <nav aria-label="我的数据" aria-busy={numbers.isPending}>
        <ul className="d-my-counts">
          {COUNTS.map((c) => {
            const value = numbers.data?.[c.key];
            return (
              <li key={c.key}>
                <Link
                  className="d-my-counts__item"
                  to={c.to}
                  aria-label={value === undefined ? c.label : `${c.label} ${value}`}
                >
                  <span className="d-my-counts__value" aria-hidden="true">
                    {numbers.isError ? '–' : (value ?? '…')}
                  </span>
                  <span className="d-my-counts__label" aria-hidden="true">
                    {c.label}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}

/**
 * Desktop personal centre (§2): the person's summary above; below, the chosen child page (the left
 * menu is the shell's) or, on my itself, what needs doing now.
 */
export default function MyCenterPage() {
  const child = useOutlet();
  return (
    <div className="d-my">
      <Summary />
      {child ?? (
        <>
          <ElderModeSwitch className="d-my__elder" />
          <section className="d-page" aria-labelledby="my-todo-title">
            <h2 className="d-page__title" id="my-todo-title">
              待办事项
            </h2>
            <StationTasks />
            <p className="d-my__more">
              也可以在 <Link to={paths.authStation()}>工作台</Link> 中查看待办事项。
            </p>
          </section>
        </>
      )}
    </div>
  );
}
