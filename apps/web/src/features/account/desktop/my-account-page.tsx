import '../../../shared/ui/desktop/page.css';
import './account-desktop.css';
import { APPLY_ARCHIVE_FIELDS, PASSWORD_RULE_TEXT, type UserProfile } from '@portal/contracts';
import { Alert, Avatar, Button, Checkbox, Descriptions, Modal, Tabs, Tag } from 'antd';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { paths, signOut, useUploadSrc } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
import { useAccountProfile } from '../api/get-user';
import { SENSITIVE_ARCHIVE_FIELDS, useRevealed } from '../sensitive-fields';
import { ARCHIVE_AUTOCOMPLETE, useApplyArchiveForm } from '../use-apply-archive-form';
import { AVATAR_PROBLEM_TEXT, useAvatarChange } from '../use-avatar-change';
import { closedNotice, closingQuestion, useCloseAccountForm } from '../use-close-account-form';
import { useMobileChangeForm } from '../use-mobile-change-form';
import { usePasswordChangeForm } from '../use-password-change-form';
import { useRealNameForm } from '../use-real-name-form';
import { useWeChatBinding } from '../use-wechat-binding';
import { RemindersSwitch } from '../reminders-switch';
import { Field } from './field';
import { PersonalDataSection } from './personal-data-section';
import { SmsCodeButton } from './sms-code';
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';

type Modals = ReturnType<typeof Modal.useModal>[0];

function AvatarChanger() {
  const { choose, busy } = useAvatarChange();
  const [said, setSaid] = useState('');
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setSaid('');
    const outcome = await choose(file);
    if (outcome === 'changed') setSaid('头像已更换');
    else if (outcome !== 'busy') setSaid(AVATAR_PROBLEM_TEXT[outcome]);
  };
  return (
    <div>
      <label className="d-account__file" aria-disabled={busy || undefined}>
        {busy ? '正在上传…' : '更换头像'}
        <input
          className="visually-hidden"
          type="file"
          accept="image/*"
          disabled={busy}
          onChange={(e) => void onChange(e)}
        />
      </label>
      <p className="d-account__hint" role="status">
        {said || '支持 JPG、PNG 等图片，上传前会自动压缩'}
      </p>
    </div>
  );
}

function RealNameForm() {
  const [done, setDone] = useState(false);
  const { form, submit, busy } = useRealNameForm({ onVerified: () => setDone(true) });
  return (
    <form className="d-account__form" noValidate onSubmit={(e) => void submit(e)}>
      {done ? <Alert type="success" showIcon title="实名认证成功" /> : null}
      <Field
        control={form.control}
        name="Name"
        id="real-name"
        label="真实姓名"
        autoComplete="name"
        error={form.errorOf('Name')}
      />
      <Field
        control={form.control}
        name="IdNumber"
        id="real-id"
        label="身份证号"
        maxLength={18}
        hint="18位居民身份证号码，认证后不能修改"
        error={form.errorOf('IdNumber')}
      />
      <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
        提交认证
      </Button>
    </form>
  );
}

/** Profile: avatar, name, real-name state and the masked numbers; real-name verification. */
function ProfileSection({ profile }: { profile: UserProfile }) {
  const avatar = useUploadSrc(profile.HeadPortrait);
  return (
    <section aria-labelledby="account-profile-title">
      <h2 className="d-page__title" id="account-profile-title">
        个人资料
      </h2>
      <div className="d-my-summary__who">
        <Avatar size={72} src={avatar || undefined} alt="我的头像">
          {(profile.Name || '我').slice(0, 1)}
        </Avatar>
        <AvatarChanger />
      </div>
      <Descriptions
        className="d-account__facts"
        column={1}
        size="small"
        items={[
          { key: 'name', label: '姓名', children: profile.Name || '未填写' },
          {
            key: 'real',
            label: '实名认证',
            children: (
              <Tag color={profile.IsRealName ? TAG_COLOR.ok : TAG_COLOR.quiet}>
                {profile.IsRealName ? '已实名' : '未实名'}
              </Tag>
            ),
          },
          { key: 'mobile', label: '手机号', children: profile.Mobile || '未绑定' },
          ...(profile.IdNumber
            ? [{ key: 'id', label: '身份证号', children: profile.IdNumber }]
            : []),
          { key: 'since', label: '注册时间', children: formatDate(profile.CreateTime) },
        ]}
      />
      <h3 className="d-account__subtitle">消息提醒</h3>
      <div className="d-account__reminders">
        <RemindersSwitch />
      </div>
      {profile.IsRealName ? null : (
        <>
          <h3 className="d-account__subtitle">实名认证</h3>
          <RealNameForm />
        </>
      )}
    </section>
  );
}

/** The apply archive; the ID number and mobile are masked until the person asks to see them. */
function ArchiveSection() {
  const [saved, setSaved] = useState(false);
  const { archive, form, submit, busy } = useApplyArchiveForm({ onSaved: () => setSaved(true) });
  const revealed = useRevealed();
  if (archive.isPending) return <LoadingBlock rows={4} label="正在加载报名档案" />;
  if (archive.isError) return <LoadFailed onRetry={() => void archive.refetch()} />;
  return (
    <section aria-labelledby="account-archive-title">
      <h2 className="d-page__title" id="account-archive-title">
        报名档案
      </h2>
      <p className="d-account__hint">报名时会自动填入这些信息。</p>
      <form
        className="d-account__form"
        noValidate
        onSubmit={(e) => {
          setSaved(false);
          void submit(e);
        }}
      >
        {APPLY_ARCHIVE_FIELDS.map((field) => {
          const mask = SENSITIVE_ARCHIVE_FIELDS[field.key];
          const error = form.errorOf(field.key);
          if (mask && !revealed.isShown(field.key) && !error) {
            const value = String(form.watch(field.key) ?? '');
            return (
              <div className="d-account__field" key={field.key}>
                <span className="d-account__label" id={`archive-${field.key}-label`}>
                  {field.label}
                </span>
                <div className="d-account__row">
                  <span
                    className="d-account__masked"
                    aria-labelledby={`archive-${field.key}-label`}
                  >
                    {value ? mask(value) : '未填写'}
                  </span>
                  <Button
                    size="small"
                    autoInsertSpace={false}
                    aria-label={`显示并修改${field.label}`}
                    onClick={() => revealed.show(field.key)}
                  >
                    显示
                  </Button>
                </div>
              </div>
            );
          }
          return (
            <Field
              key={field.key}
              control={form.control}
              name={field.key}
              id={`archive-${field.key}`}
              label={field.label}
              autoComplete={ARCHIVE_AUTOCOMPLETE[field.key]}
              error={error}
            />
          );
        })}
        {saved ? <Alert type="success" showIcon title="报名档案已保存" /> : null}
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          保存档案
        </Button>
      </form>
    </section>
  );
}

function PasswordSection({ modal }: { modal: Modals }) {
  const { form, submit, busy } = usePasswordChangeForm({
    onChanged: async () => {
      await modal.info({
        title: '密码已修改',
        content: '请使用新密码重新登录',
        okText: '重新登录',
      });
      signOut();
    },
  });
  return (
    <section aria-labelledby="account-password-title">
      <h2 className="d-page__title" id="account-password-title">
        修改密码
      </h2>
      <form className="d-account__form" noValidate onSubmit={(e) => void submit(e)}>
        <p className="d-account__hint">修改后需要使用新密码重新登录。</p>
        <Field
          control={form.control}
          name="oldPassword"
          id="pwd-oldPassword"
          label="原密码"
          password
          autoComplete="current-password"
          error={form.errorOf('oldPassword')}
        />
        <Field
          control={form.control}
          name="newPassword"
          id="pwd-newPassword"
          label="新密码"
          password
          autoComplete="new-password"
          hint={`密码须${PASSWORD_RULE_TEXT}`}
          error={form.errorOf('newPassword')}
        />
        <Field
          control={form.control}
          name="confirmPassword"
          id="pwd-confirmPassword"
          label="确认新密码"
          password
          autoComplete="new-password"
          error={form.errorOf('confirmPassword')}
        />
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          确认修改
        </Button>
      </form>
    </section>
  );
}

function MobileSection({ profile }: { profile: UserProfile }) {
  const [changed, setChanged] = useState(false);
  const { form, submit, smsCode, busy } = useMobileChangeForm({
    onChanged: () => {
      setChanged(true);
      form.reset({ password: '', mobile: '', code: '' });
    },
  });
  return (
    <section aria-labelledby="account-mobile-title">
      <h2 className="d-page__title" id="account-mobile-title">
        更换手机号
      </h2>
      <form
        className="d-account__form"
        noValidate
        onSubmit={(e) => {
          setChanged(false);
          void submit(e);
        }}
      >
        <p className="d-account__hint">
          当前手机号：{profile.Mobile || '未绑定'}
          。新手机号通过短信验证后才会生效，之后请用新手机号登录。
        </p>
        {changed ? (
          <Alert type="success" showIcon title={`手机号已更换为 ${profile.Mobile}`} />
        ) : null}
        <Field
          control={form.control}
          name="password"
          id="phone-password"
          label="登录密码"
          password
          autoComplete="current-password"
          error={form.errorOf('password')}
        />
        <Field
          control={form.control}
          name="mobile"
          id="phone-mobile"
          label="新手机号"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          error={form.errorOf('mobile')}
        />
        <SmsCodeButton {...smsCode} />
        <Field
          control={form.control}
          name="code"
          id="phone-code"
          label="短信验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.errorOf('code')}
        />
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          确认更换
        </Button>
      </form>
    </section>
  );
}

/** On a PC binding goes through WeChat's QR page (扫码 with WeChat on the phone), then back to this tab. */
function WeChatSection({ modal }: { modal: Modals }) {
  const wechat = useWeChatBinding({
    returnPath: paths.myAccount({ tab: 'wechat' }),
    confirmUnbind: async () =>
      Boolean(
        await modal.confirm({
          title: '解除微信绑定',
          content: '解除绑定后将无法使用该微信快捷登录，确定解除绑定吗？',
          okText: '解除绑定',
          okButtonProps: { danger: true },
        }),
      ),
  });
  const { bindUser } = wechat;
  return (
    <section aria-labelledby="account-wechat-title">
      <h2 className="d-page__title" id="account-wechat-title">
        微信绑定
      </h2>
      {wechat.problem ? <Alert type="error" showIcon title={wechat.problem} role="alert" /> : null}
      <p role="status" className="d-account__hint">
        {wechat.notice}
      </p>
      {bindUser.isPending || wechat.binding ? (
        <LoadingBlock rows={1} label="正在读取微信绑定状态" />
      ) : bindUser.isError ? (
        <LoadFailed onRetry={() => void bindUser.refetch()} />
      ) : bindUser.data.IsBind ? (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'nick', label: '微信昵称', children: bindUser.data.NickName || '微信用户' },
              ...(bindUser.data.BindTime
                ? [{ key: 'time', label: '绑定时间', children: formatDate(bindUser.data.BindTime) }]
                : []),
            ]}
          />
          <Button
            danger
            loading={wechat.unbinding}
            disabled={wechat.unbinding}
            onClick={() => void wechat.unbind()}
          >
            解除绑定
          </Button>
        </>
      ) : (
        <>
          <p className="d-account__hint">
            当前账号未绑定微信。绑定后可在微信中快捷登录，并接收报名进度通知。点击“绑定微信”将打开微信扫码页，用手机微信扫码并确认后自动回到本页。
          </p>
          <Button
            type="primary"
            loading={wechat.leaving}
            disabled={wechat.leaving}
            onClick={() => void wechat.startBinding()}
          >
            绑定微信
          </Button>
        </>
      )}
    </section>
  );
}

function CloseSection({ modal }: { modal: Modals }) {
  const { form, masked, closing, coolingOff, consequences, smsCode, submit, busy } =
    useCloseAccountForm({
      confirm: async () =>
        Boolean(
          await modal.confirm({
            title: '确定注销账号吗？',
            content: closingQuestion(closing),
            okText: '确定注销',
            okButtonProps: { danger: true },
          }),
        ),
      onClosed: async () => {
        await modal.info({ title: '账号已注销', content: closedNotice(closing), okText: '知道了' });
        signOut();
      },
    });
  const understood = form.errorOf('understood');
  return (
    <section aria-labelledby="account-close-title">
      <h2 className="d-page__title" id="account-close-title">
        注销账号
      </h2>
      <form className="d-account__form" noValidate onSubmit={(e) => void submit(e)}>
        <h3 className="d-account__subtitle">注销后</h3>
        {coolingOff ? (
          <Alert
            type="warning"
            showIcon
            title={coolingOff}
            id="close-cooling-off"
            className="d-account__cooling-off"
          />
        ) : null}
        <ul className="d-account__list">
          {consequences.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <Field
          control={form.control}
          name="mobile"
          id="close-mobile"
          label="本账号绑定的手机号"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder={masked}
          hint="验证码将发送到本账号绑定的手机号"
          error={form.errorOf('mobile')}
        />
        <SmsCodeButton {...smsCode} />
        <Field
          control={form.control}
          name="code"
          id="close-code"
          label="短信验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.errorOf('code')}
        />
        <div className="d-account__field">
          <Controller
            name="understood"
            control={form.control}
            render={({ field }) => (
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                aria-invalid={understood ? true : undefined}
              >
                我已阅读并了解以上注销后果
              </Checkbox>
            )}
          />
          {understood ? (
            <p className="d-account__error" role="alert">
              {understood}
            </p>
          ) : null}
        </div>
        <Button danger type="primary" htmlType="submit" loading={busy} disabled={busy}>
          注销账号
        </Button>
      </form>
    </section>
  );
}

const TABS = ['profile', 'archive', 'privacy', 'password', 'mobile', 'wechat', 'close'] as const;
type Tab = (typeof TABS)[number];
const TAB_TITLE: Record<Tab, string> = {
  profile: '个人资料',
  archive: '报名档案',
  privacy: '我的个人信息',
  password: '修改密码',
  mobile: '更换手机号',
  wechat: '微信绑定',
  close: '注销账号',
};

/**
 * my/myAccount on a PC: everything the phone's account offers, one tab each (kept in ?tab= so a
 * return from WeChat comes back to its tab): profile and avatar, real name, the apply archive,
 * the copy of one's data and who touched it, password, mobile, WeChat binding, closing the account.
 */
export default function MyAccountPage() {
  const { profile, query } = useAccountProfile();
  const [modal, modalHolder] = Modal.useModal();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';

  if (!profile) {
    if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
    return <LoadingBlock rows={6} label="正在加载账号资料" />;
  }
  const content: Record<Tab, () => ReactNode> = {
    profile: () => <ProfileSection profile={profile} />,
    archive: () => <ArchiveSection />,
    privacy: () => <PersonalDataSection />,
    password: () => <PasswordSection modal={modal} />,
    mobile: () => <MobileSection profile={profile} />,
    wechat: () => <WeChatSection modal={modal} />,
    close: () => <CloseSection modal={modal} />,
  };
  return (
    <div className="d-page d-account">
      {modalHolder}
      <Tabs
        tabPlacement="start"
        activeKey={tab}
        onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        items={TABS.map((key) => ({
          key,
          label: TAB_TITLE[key],
          children: key === tab ? content[key]() : null,
        }))}
      />
    </div>
  );
}
