import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError, paths } from '../../../platform';
import { Captcha } from '../../../platform/captcha';
import { usePreviewLogin } from '../api/preview-session';
import './preview.css';

interface LoginValues {
  LoginName: string;
  Password: string;
}

/** Only a preview address may be returned to after the reviewer's sign-in. */
function returnPathOf(redirect: string | null): string {
  return redirect?.startsWith(`${paths.flowPreview()}?`) ? redirect : paths.flowPreview();
}

/** /views/flowPreview/login: the reviewer's own sign-in (organiser staff, not a candidate account). */
export default function PreviewLoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const login = usePreviewLogin();
  const [form] = Form.useForm<LoginValues>();
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string>();
  const [message, setMessage] = useState<string>();
  // A new human check after every failed try: a token is good for one.
  const [tries, setTries] = useState(0);

  const submit = (values: LoginValues) => {
    setMessage(undefined);
    login.mutate(
      { ...values, CaptchaToken: captchaToken },
      {
        onSuccess: () => void navigate(returnPathOf(search.get('redirect')), { replace: true }),
        onError: (error) => {
          // A captcha token is good for one try.
          setCaptchaToken(undefined);
          setTries((n) => n + 1);
          if (!(error instanceof HttpError)) return setMessage('登录失败，请稍后再试');
          if (error.fieldErrors.Captcha || needsCaptcha) setNeedsCaptcha(true);
          setMessage(error.message);
          if (error.fieldErrors.Password)
            form.setFields([{ name: 'Password', errors: [error.fieldErrors.Password] }]);
        },
      },
    );
  };

  return (
    <main className="preview-login">
      <Card title={<h1 className="preview-login__title">流程预览 · 审核员登录</h1>}>
        <p className="preview-login__intro">
          使用主办方分配的审核员账号登录，在项目发布前以考生视角检查公告、报名表、流程和准考证。
        </p>
        {message && <Alert type="error" showIcon title={message} role="alert" />}
        <Form<LoginValues> form={form} layout="vertical" onFinish={submit} requiredMark>
          <Form.Item
            label="审核员账号"
            name="LoginName"
            rules={[{ required: true, whitespace: true, message: '请输入审核员账号' }]}
          >
            <Input autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="密码"
            name="Password"
            rules={[{ required: true, message: '请输入密码' }]}
          >
            <Input.Password autoComplete="current-password" maxLength={128} />
          </Form.Item>
          {needsCaptcha && (
            <Form.Item label="安全验证" required>
              {captchaToken ? (
                <Alert type="success" showIcon title="验证通过，请登录" />
              ) : (
                <Captcha key={tries} onVerified={setCaptchaToken} />
              )}
            </Form.Item>
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={login.isPending}
            disabled={needsCaptcha && !captchaToken}
          >
            登录并预览
          </Button>
        </Form>
      </Card>
    </main>
  );
}
