import { CAPTCHA_SCENE, MOBILE_PATTERN, SMS_CODE_LENGTH, type SmsScene } from '@portal/contracts';
import type { KoaContext } from 'oidc-provider';
import { checkCaptcha, createCaptchaChallenge } from '../domain/accounts/captcha.js';
import { DomainError } from '../domain/errors.js';
import { consumeVerifyToken, sendSmsCode, verifySmsCode } from '../domain/accounts/sms.js';
import type { AppDeps } from '../platform/deps.js';
import { findActiveUserByMobile, SIGN_IN_FAILED, type SignInOutcome } from './accounts.js';
import type { AttemptLimiter } from '../platform/attempt-limiter.js';
import { readJson } from './interactions.js';

/** The SMS path of the sign-in and sign-up pages (slide check, send, verify). */
export interface SmsSignIn {
  /** The page script that runs the slide check and sends the code. */
  pageScript(action: string): string;
  /** JSON endpoints the script calls: `captcha` (a challenge) and `sms-code` (send). */
  handleJson(ctx: KoaContext, action: 'captcha' | 'sms-code'): Promise<void>;
  signIn(input: SmsCodeInput): Promise<SignInOutcome>;
  verifySignUp(input: SmsCodeInput): Promise<{ ok: boolean; message?: string }>;
  /** Forgot password: spends a ResetPassword code of the number. */
  verifyReset(input: SmsCodeInput): Promise<{ ok: boolean; message?: string }>;
}

/** A code typed on a page, and the address it comes from (only the asker's address burns a code). */
export interface SmsCodeInput {
  mobile: string;
  code: string;
  address: string;
}

/** The scenes our pages may ask a code for. */
const PAGE_SCENES: readonly SmsScene[] = ['SignIn', 'SignUp', 'ResetPassword'];
const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

function json(ctx: KoaContext, status: number, body: Record<string, unknown>) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** Spends a right code at once: verify, then take the one-use token it gives. */
async function spendCode(
  deps: AppDeps,
  { address, ...input }: SmsCodeInput & { scene: SmsScene },
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!CODE_PATTERN.test(input.code))
    return { ok: false, message: `请输入${SMS_CODE_LENGTH}位短信验证码` };
  try {
    const { verifyToken } = await verifySmsCode(deps, { ...input, clientIp: address });
    await consumeVerifyToken(deps, { token: verifyToken, ...input });
    return { ok: true };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
}

export function createSmsSignIn(deps: AppDeps, limiter: AttemptLimiter): SmsSignIn {
  return {
    pageScript: (action) => pageScript(action),

    async handleJson(ctx, action) {
      try {
        if (action === 'captcha') {
          const challenge = await createCaptchaChallenge(deps);
          return json(ctx, 200, { ok: true, challenge });
        }
        const body = await readJson(ctx.req);
        const mobile = typeof body.mobile === 'string' ? body.mobile.trim() : '';
        const scene = PAGE_SCENES.find((s) => s === body.scene);
        if (!MOBILE_PATTERN.test(mobile))
          return json(ctx, 400, { ok: false, message: '请输入正确的11位手机号' });
        if (!scene) return json(ctx, 400, { ok: false, message: '请求有误，请刷新页面后重试' });
        const trail = Array.isArray(body.trail)
          ? (body.trail as unknown[]).slice(0, 500).map((point) => {
              const p = (point ?? {}) as { X?: unknown; T?: unknown };
              return { X: Number(p.X) || 0, T: Number(p.T) || 0 };
            })
          : [];
        const { captchaToken } = await checkCaptcha(deps, {
          ChallengeId: String(body.challengeId ?? ''),
          Scene: CAPTCHA_SCENE,
          X: Number(body.x) || 0,
          Trail: trail,
        });
        const sent = await sendSmsCode(deps, { mobile, scene, captchaToken, clientIp: ctx.ip });
        return json(ctx, 200, {
          ok: true,
          message: '验证码已发送，请注意查收',
          resendAfterSeconds: sent.resendAfterSeconds,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return json(ctx, error.status, {
          ok: false,
          message: error.message,
          // A failed slide gets a new challenge at once (spec §5: each outcome has a retry).
          retryCaptcha: Boolean(error.fieldErrors?.Captcha),
        });
      }
    },

    // The code proves the phone, so no password wait holds it up; the code's own limits guard it.
    async signIn({ mobile, code, address }) {
      const spent = await spendCode(deps, { mobile, code, address, scene: 'SignIn' });
      if (!spent.ok) return spent;
      const user = await findActiveUserByMobile(deps.db, mobile);
      if (!user) return { ok: false, message: SIGN_IN_FAILED };
      await limiter.succeeded(mobile, address);
      return { ok: true, userId: user.id };
    },

    verifySignUp: (input) => spendCode(deps, { ...input, scene: 'SignUp' }),
    verifyReset: (input) => spendCode(deps, { ...input, scene: 'ResetPassword' }),
  };
}

/**
 * The slide check of the sign-in and sign-up pages — before a code is sent, and before a password
 * try after a few failures — as a range input, so keyboards and screen readers can do it.
 */
function pageScript(action: string): string {
  return `(function () {
  var action = ${JSON.stringify(action)};
  var box = document.getElementById('captcha');
  var status = document.getElementById('sms-status');
  var alertBox = document.getElementById('form-error');
  var challenge = null, trail = [], startedAt = 0, slider = null;
  function say(text) { status.textContent = text; }
  function fail(text) { alertBox.textContent = text; }
  function post(path, body) {
    return fetch(action + '/' + path, {
      method: 'POST', credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body || {})
    }).then(function (r) {
      return r.json().catch(function () { return { ok: false, message: '服务器异常，请稍后再试' }; });
    }, function () { return { ok: false, message: '网络异常，请检查网络后重试' }; });
  }
  function closeCaptcha() { box.hidden = true; box.innerHTML = ''; challenge = null; slider = null; }
  /** Draws a new challenge; onRelease gets { challengeId, x, trail } when the piece is let go. */
  function openCaptcha(onRelease, focus) {
    post('captcha').then(function (res) {
      if (!res.ok) { fail(res.message); return; }
      challenge = res.challenge; trail = []; startedAt = 0;
      // Picture units (the track is as wide as the picture), drawn as percentages to fit any screen.
      var w = challenge.TrackWidth, p = challenge.PieceWidth;
      var pct = function (v) { return (v * 100 / w) + '%'; };
      box.innerHTML = '<label for="captcha-slider">安全验证：拖动滑块，把拼图块移到图中的缺口处后松开（也可用方向键移动后按回车）</label>' +
        '<div class="puzzle" aria-hidden="true"><img alt="" src="' + challenge.Image + '">' +
        '<img alt="" class="piece" id="captcha-piece" src="' + challenge.Piece + '" style="width:' + pct(p) + ';top:' + (challenge.PieceY * 100 / challenge.ImageHeight) + '%"></div>' +
        '<input type="range" id="captcha-slider" min="0" max="' + (w - p) + '" value="0" step="1">';
      box.hidden = false;
      slider = document.getElementById('captcha-slider');
      var piece = document.getElementById('captcha-piece');
      slider.addEventListener('input', function () {
        var now = Date.now();
        // The drag starts where the piece was: a tap that jumps the thumb is no drag.
        if (!startedAt) { startedAt = now; trail.push({ X: 0, T: 0 }); }
        trail.push({ X: Number(slider.value), T: now - startedAt });
        piece.style.left = pct(Number(slider.value));
      });
      var release = function () {
        if (!challenge || !slider || trail.length === 0) return;
        var done = { challengeId: challenge.ChallengeId, x: Number(slider.value), trail: trail };
        challenge = null;
        onRelease(done);
      };
      slider.addEventListener('pointerup', release);
      slider.addEventListener('touchend', release);
      slider.addEventListener('keydown', function (e) { if (e.key === 'Enter') { e.preventDefault(); release(); } });
      if (focus) slider.focus();
    });
  }

  // A password try after a few failures: the check is judged with the password.
  var checked = document.querySelector('form[data-captcha-required]');
  if (checked) {
    var fill = function (done) {
      document.getElementById('captcha-challenge').value = done.challengeId;
      document.getElementById('captcha-x').value = String(done.x);
      document.getElementById('captcha-trail').value = JSON.stringify(done.trail);
      slider.disabled = true;
      say('已完成滑动验证，请点击登录');
    };
    openCaptcha(fill, false);
    return;
  }

  var form = document.querySelector('form[data-sms-scene]');
  if (!form) return;
  // Two passwords that differ are said at once, before anything typed is sent away and lost.
  var confirm = document.getElementById('confirmPassword');
  if (confirm) form.addEventListener('submit', function (e) {
    if (confirm.value === document.getElementById('password').value) return;
    e.preventDefault();
    fail('两次输入的密码不一致');
    confirm.setAttribute('aria-invalid', 'true');
    confirm.setAttribute('aria-describedby', 'form-error');
    confirm.focus();
  });
  var scene = form.getAttribute('data-sms-scene');
  var sendButton = document.getElementById('send-code');
  var mobile = document.getElementById('mobile');
  var code = document.getElementById('code');
  function send(done) {
    var body = { mobile: mobile.value.trim(), scene: scene, challengeId: done.challengeId, x: done.x, trail: done.trail };
    say('正在验证…');
    post('sms-code', body).then(function (res) {
      say('');
      if (res.ok) { closeCaptcha(); fail(''); say(res.message); countdown(res.resendAfterSeconds || 60); code.focus(); return; }
      fail(res.message);
      if (res.retryCaptcha) openCaptcha(send, true); else closeCaptcha();
    });
  }
  function countdown(seconds) {
    var left = seconds;
    sendButton.disabled = true;
    sendButton.textContent = left + '秒后重新获取';
    // The resend button's countdown, in the visitor's page: one tick a second until it is 0.
    function tick() {
      left -= 1;
      if (left <= 0) { sendButton.disabled = false; sendButton.textContent = '获取验证码'; }
      else { sendButton.textContent = left + '秒后重新获取'; setTimeout(tick, 1000); }
    }
    setTimeout(tick, 1000);
  }
  sendButton.addEventListener('click', function () {
    fail('');
    if (!/^1[3-9]\\d{9}$/.test(mobile.value.trim())) { fail('请输入正确的11位手机号'); mobile.focus(); return; }
    openCaptcha(send, true);
  });
})();`;
}
