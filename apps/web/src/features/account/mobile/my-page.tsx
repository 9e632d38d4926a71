import { Avatar, Button, Dialog, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { signOut, useSessionStore } from '../../../platform';

const LINKS = [
  { path: '/views/my/myProject', title: '我的项目' },
  { path: '/views/my/myRunProject', title: '进行中' },
  { path: '/views/my/myOrder', title: '我的订单' },
  { path: '/views/my/myLike', title: '我的收藏' },
  { path: '/views/my/myHistory', title: '我的足迹' },
  { path: '/views/my/myAccount', title: '账号与资料' },
];

/** The mobile "my" tab; it offers sign-out (§4). */
export default function MyPage() {
  const navigate = useNavigate();
  const name = useSessionStore((s) => s.name);
  const avatar = useSessionStore((s) => s.avatar);

  const confirmSignOut = async () => {
    if (await Dialog.confirm({ content: '确定要退出登录吗？' })) signOut();
  };

  return (
    <div className="my-page">
      <div className="my-page__profile">
        <Avatar src={avatar} style={{ '--size': '56px', '--border-radius': '50%' }} />
        <span className="my-page__name">{name || '用户'}</span>
      </div>
      <List>
        {LINKS.map((link) => (
          <List.Item key={link.path} onClick={() => navigate(link.path)}>
            {link.title}
          </List.Item>
        ))}
      </List>
      <div className="my-page__sign-out">
        <Button block color="danger" fill="outline" onClick={confirmSignOut}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
