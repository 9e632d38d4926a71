import './account.css';
import { APPLY_ARCHIVE_FIELDS, type UserProfile } from '@portal/contracts';
import { Button, Toast } from 'antd-mobile';
import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import { paths, sendToSignIn, useSessionStore, useUploadSrc } from '../../../platform';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useAccountProfile } from '../api/get-user';
import { SENSITIVE_ARCHIVE_FIELDS, useRevealed } from '../sensitive-fields';
import { ARCHIVE_AUTOCOMPLETE, useApplyArchiveForm } from '../use-apply-archive-form';
import { AVATAR_PROBLEM_TEXT, useAvatarChange } from '../use-avatar-change';
import { useRealNameForm } from '../use-real-name-form';
import { RemindersSwitch } from '../reminders-switch';
import { PersonalDataEventsCard, PersonalDataExportCard } from './personal-data-cards';
import { TextField } from './text-field';
import { SafeImage } from '../../../shared/ui/safe-image';
import { SubmitButton } from '../../../shared/ui/mobile/submit-button';

const ACCOUNT_LINKS = [
  { to: paths.resetPassword(), title: '修改密码' },
  { to: paths.resetPhone(), title: '更换手机号' },
  { to: paths.bindWeChatAccount(), title: '绑定微信' },
  { to: paths.cancelPhone(), title: '注销账号' },
];

function AvatarChanger() {
  const { choose, busy } = useAvatarChange();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const outcome = await choose(file);
    if (outcome === 'changed') Toast.show({ icon: 'success', content: '头像已更换' });
    else if (outcome !== 'busy' && AVATAR_PROBLEM_TEXT[outcome])
      Toast.show({ icon: 'fail', content: AVATAR_PROBLEM_TEXT[outcome] });
  };

  return (
    <label className="account-file-button" aria-disabled={busy || undefined}>
      {busy ? '正在上传…' : '更换头像'}
      <input
        className="visually-hidden"
        type="file"
        accept="image/*"
        disabled={busy}
        onChange={(e) => void onChange(e)}
      />
    </label>
  );
}

function ProfileCard({ profile }: { profile: UserProfile }) {
  const avatar = useUploadSrc(profile.HeadPortrait);
  return (
    <section className="account-card" aria-labelledby="account-profile-title">
      <h2 className="account-card__title" id="account-profile-title">
        个人资料
      </h2>
      <div className="account-profile">
        {avatar ? (
          <SafeImage
            className="account-profile__avatar"
            src={avatar}
            alt="我的头像"
            fallbackText="无头像"
          />
        ) : (
          <span className="account-profile__avatar" role="img" aria-label="未设置头像" />
        )}
        <div>
          <p className="account-profile__name">
            {profile.Name || '未填写姓名'}
            <span className={`account-tag${profile.IsRealName ? ' account-tag--ok' : ''}`}>
              {profile.IsRealName ? '已实名' : '未实名'}
            </span>
          </p>
          <p className="account-profile__meta">手机号：{profile.Mobile || '未绑定'}</p>
          <AvatarChanger />
        </div>
      </div>
    </section>
  );
}

function RealNameCard({ profile }: { profile: UserProfile }) {
  const { form, submit, busy } = useRealNameForm({
    onVerified: () => Toast.show({ icon: 'success', content: '实名认证成功' }),
  });

  if (profile.IsRealName)
    return (
      <section className="account-card" aria-labelledby="account-real-title">
        <h2 className="account-card__title" id="account-real-title">
          实名认证<span className="account-tag account-tag--ok">已实名</span>
        </h2>
        <p className="account-profile__meta">
          {profile.Name}
          {profile.IdNumber ? `，身份证号 ${profile.IdNumber}` : ''}
        </p>
      </section>
    );

  return (
    <section className="account-card" aria-labelledby="account-real-title">
      <h2 className="account-card__title" id="account-real-title">
        实名认证<span className="account-tag">未实名</span>
      </h2>
      <form className="account-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id="real-name"
          label="真实姓名"
          autoComplete="name"
          {...form.register('Name')}
          error={form.errorOf('Name')}
        />
        <TextField
          id="real-id"
          label="身份证号"
          maxLength={18}
          {...form.register('IdNumber')}
          hint="18位居民身份证号码，认证后不能修改"
          error={form.errorOf('IdNumber')}
        />
        <SubmitButton busy={busy}>提交认证</SubmitButton>
      </form>
    </section>
  );
}

function ArchiveCard() {
  const { archive, form, submit, busy } = useApplyArchiveForm({
    onSaved: () => Toast.show({ icon: 'success', content: '报名档案已保存' }),
  });
  const revealed = useRevealed();

  if (archive.isPending) return <LoadingSkeleton rows={1} label="正在加载报名档案" />;
  if (archive.isError) return <LoadFailed onRetry={() => void archive.refetch()} />;

  return (
    <section className="account-card" aria-labelledby="account-archive-title">
      <h2 className="account-card__title" id="account-archive-title">
        报名档案
      </h2>
      <p className="field-hint">报名时会自动填入这些信息。</p>
      <form className="account-form" noValidate onSubmit={(e) => void submit(e)}>
        {APPLY_ARCHIVE_FIELDS.map((field) => {
          const mask = SENSITIVE_ARCHIVE_FIELDS[field.key];
          if (mask && !revealed.isShown(field.key) && !form.errorOf(field.key)) {
            const value = String(form.watch(field.key) ?? '');
            return (
              <div className="account-field" key={field.key}>
                <span className="account-field__label" id={`archive-${field.key}-label`}>
                  {field.label}
                </span>
                <div className="account-field__row">
                  <span className="account-masked" aria-labelledby={`archive-${field.key}-label`}>
                    {value ? mask(value) : '未填写'}
                  </span>
                  <button
                    type="button"
                    className="account-reveal"
                    aria-label={`显示并修改${field.label}`}
                    onClick={() => revealed.show(field.key)}
                  >
                    显示
                  </button>
                </div>
              </div>
            );
          }
          return (
            <TextField
              key={field.key}
              id={`archive-${field.key}`}
              label={field.label}
              autoComplete={ARCHIVE_AUTOCOMPLETE[field.key]}
              {...form.register(field.key)}
              error={form.errorOf(field.key)}
            />
          );
        })}
        <SubmitButton busy={busy} fill="outline">
          保存档案
        </SubmitButton>
      </form>
    </section>
  );
}

/** my/myAccount (§2: no login check): an anonymous visitor is asked to sign in. */
export default function MyAccountPage() {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const { profile, query } = useAccountProfile(signedIn);

  if (!signedIn)
    return (
      <section className="account-page" aria-label="账号与资料">
        <div className="account-card">
          <h2 className="account-card__title">登录后管理账号与资料</h2>
          <p className="account-page__lead">
            登录后可以修改头像、实名认证、维护报名档案和账号安全设置。
          </p>
          <Button block color="primary" onClick={() => sendToSignIn()}>
            登录 / 注册
          </Button>
        </div>
      </section>
    );
  if (!profile) {
    if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
    return <LoadingSkeleton rows={3} label="正在加载账号资料" />;
  }

  return (
    <div className="account-page">
      <ProfileCard profile={profile} />
      <nav aria-label="账号安全">
        <ul className="account-links">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="account-card" aria-labelledby="account-notify-title">
        <h2 className="account-card__title" id="account-notify-title">
          消息提醒
        </h2>
        <RemindersSwitch />
      </section>
      <RealNameCard profile={profile} />
      <ArchiveCard />
      <PersonalDataExportCard />
      <PersonalDataEventsCard />
    </div>
  );
}
