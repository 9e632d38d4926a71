import './account.css';
import {
  EMAIL_PATTERN,
  isValidChineseIdNumber,
  MOBILE_PATTERN,
  realPersonVerify,
  type FormValues,
  type UserProfile,
} from '@portal/contracts';
import { Button, Toast } from 'antd-mobile';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { HttpError, paths, sendToSignIn, useSessionStore } from '../../../platform';
import { dataUrlToBlob, imageToBase64, UPLOAD_IMAGE_MAX_SIDE } from '../../../shared/image-base64';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useApplyArchive } from '../api/get-user-apply-archive';
import { useAccountProfile } from '../api/get-user';
import { useChangeAvatar, useRealPersonVerify } from '../api/profile-mutations';
import { useSaveApplyArchive } from '../api/save-user-apply-archive';
import { TextField } from './text-field';

const ACCOUNT_LINKS = [
  { to: paths.resetPassword(), title: '修改密码' },
  { to: paths.resetPhone(), title: '更换手机号' },
  { to: paths.bindWeChatAccount(), title: '绑定微信' },
  { to: paths.cancelPhone(), title: '注销账号' },
];

function AvatarChanger() {
  const change = useChangeAvatar();
  const [converting, setConverting] = useState(false);
  const busy = converting || change.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || busy) return;
    if (!file.type.startsWith('image/')) {
      Toast.show({ icon: 'fail', content: '请选择图片文件' });
      return;
    }
    setConverting(true);
    const url = URL.createObjectURL(file);
    // §9: the image is redrawn as a JPEG of quality 0.8 before it is uploaded.
    const { ImageBase64 } = await imageToBase64(url, { maxSide: UPLOAD_IMAGE_MAX_SIDE });
    URL.revokeObjectURL(url);
    setConverting(false);
    if (!ImageBase64) {
      Toast.show({ icon: 'fail', content: '图片读取失败，请换一张图片' });
      return;
    }
    change.mutate(dataUrlToBlob(ImageBase64), {
      onSuccess: () => Toast.show({ icon: 'success', content: '头像已更换' }),
    });
  };

  return (
    <label className="account-file-button" aria-disabled={busy || undefined}>
      {busy ? '正在上传…' : '更换头像'}
      <input
        className="visually-hidden"
        type="file"
        accept="image/*"
        disabled={busy}
        onChange={(e) => void choose(e)}
      />
    </label>
  );
}

function ProfileCard({ profile }: { profile: UserProfile }) {
  return (
    <section className="account-card" aria-labelledby="account-profile-title">
      <h2 className="account-card__title" id="account-profile-title">
        个人资料
      </h2>
      <div className="account-profile">
        {profile.HeadPortrait ? (
          <img className="account-profile__avatar" src={profile.HeadPortrait} alt="我的头像" />
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

/** Name and ID number, checked with the contract's rules before User/RealPersonVerify. */
export function validateRealName(name: string, idNumber: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = realPersonVerify.request.safeParse({ Name: name, IdNumber: idNumber });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      errors[key] ??= issue.message;
    }
  return errors;
}

function RealNameCard({ profile }: { profile: UserProfile }) {
  const verify = useRealPersonVerify();
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const found = validateRealName(name, idNumber);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    verify.mutate(
      { Name: name, IdNumber: idNumber },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: '实名认证成功' }),
        onError: (error) => error instanceof HttpError && setErrors(error.fieldErrors),
      },
    );
  };

  return (
    <section className="account-card" aria-labelledby="account-real-title">
      <h2 className="account-card__title" id="account-real-title">
        实名认证<span className="account-tag">未实名</span>
      </h2>
      <form className="account-form" noValidate onSubmit={submit}>
        <TextField
          id="real-name"
          label="真实姓名"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.Name}
        />
        <TextField
          id="real-id"
          label="身份证号"
          maxLength={18}
          value={idNumber}
          onChange={(e) => setIdNumber(e.target.value)}
          hint="18位居民身份证号码，认证后不能修改"
          error={errors.IdNumber}
        />
        <Button
          block
          color="primary"
          type="submit"
          loading={verify.isPending}
          disabled={verify.isPending}
        >
          提交认证
        </Button>
      </form>
    </section>
  );
}

/** The archive's basic fields; the apply form pre-fills from the same keys. */
const ARCHIVE_FIELDS = [
  { key: 'name', label: '姓名', autoComplete: 'name' },
  { key: 'idNumber', label: '身份证号', autoComplete: 'off' },
  { key: 'mobile', label: '手机号码', autoComplete: 'tel' },
  { key: 'email', label: '电子邮箱', autoComplete: 'email' },
  { key: 'major', label: '所学专业', autoComplete: 'off' },
  { key: 'workUnit', label: '工作单位', autoComplete: 'organization' },
] as const;
type ArchiveKey = (typeof ARCHIVE_FIELDS)[number]['key'];

export function validateArchive(values: Partial<Record<ArchiveKey, string>>) {
  const errors: Partial<Record<ArchiveKey, string>> = {};
  const text = (key: ArchiveKey) => (values[key] ?? '').trim();
  if (text('name') && !/^[\u4e00-\u9fa5·A-Za-z ]{2,30}$/.test(text('name')))
    errors.name = '请填写正确的姓名';
  if (text('idNumber') && !isValidChineseIdNumber(text('idNumber')))
    errors.idNumber = '身份证号码不正确，请填写18位居民身份证号码';
  if (text('mobile') && !MOBILE_PATTERN.test(text('mobile')))
    errors.mobile = '手机号码不正确，请填写11位手机号码';
  if (text('email') && !EMAIL_PATTERN.test(text('email')))
    errors.email = '邮箱格式不正确，例如 name@example.com';
  return errors;
}

function ArchiveCard() {
  const archive = useApplyArchive();
  const save = useSaveApplyArchive();
  const [edits, setEdits] = useState<Partial<Record<ArchiveKey, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<ArchiveKey, string>>>({});

  if (archive.isPending) return <LoadingSkeleton rows={1} label="正在加载报名档案" />;
  if (archive.isError) return <LoadFailed onRetry={() => void archive.refetch()} />;
  const stored: FormValues = archive.data.Values;
  const valueOf = (key: ArchiveKey) => {
    const v = edits[key] ?? stored[key];
    return typeof v === 'string' ? v : '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const current = Object.fromEntries(ARCHIVE_FIELDS.map((f) => [f.key, valueOf(f.key)]));
    const found = validateArchive(current);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Keys this card does not show (photos, choices) are kept as they are.
    save.mutate(
      { Values: { ...stored, ...current } },
      {
        onSuccess: () => {
          setEdits({});
          Toast.show({ icon: 'success', content: '报名档案已保存' });
        },
        onError: (error) => error instanceof HttpError && setErrors(error.fieldErrors),
      },
    );
  };

  return (
    <section className="account-card" aria-labelledby="account-archive-title">
      <h2 className="account-card__title" id="account-archive-title">
        报名档案
      </h2>
      <p className="field-hint">报名时会自动填入这些信息。</p>
      <form className="account-form" noValidate onSubmit={submit}>
        {ARCHIVE_FIELDS.map((field) => (
          <TextField
            key={field.key}
            id={`archive-${field.key}`}
            label={field.label}
            autoComplete={field.autoComplete}
            value={valueOf(field.key)}
            onChange={(e) => setEdits((v) => ({ ...v, [field.key]: e.target.value }))}
            error={errors[field.key]}
          />
        ))}
        <Button
          block
          color="primary"
          fill="outline"
          type="submit"
          loading={save.isPending}
          disabled={save.isPending}
        >
          保存档案
        </Button>
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
      <RealNameCard profile={profile} />
      <ArchiveCard />
    </div>
  );
}
