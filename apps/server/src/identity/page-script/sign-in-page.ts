/**
 * The script of the sign-in, sign-up and reset pages (in the browser, built by
 * scripts/build-page-script.ts): the human check — an ALTCHA proof of work the browser does by
 * itself before an SMS code is sent, and before a password try after a few failures. Nothing to
 * see or drag: a status line (aria-live) says what is happening.
 */
import { MOBILE_PATTERN } from '@portal/contracts/patterns';
import type { AltchaChallenge } from '@portal/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** A solved challenge, as the server judges it. */
interface Proof {
  challenge: AltchaChallenge;
  solution: { counter: number; derivedKey: string };
}

interface Answer {
  ok: boolean;
  message?: string;
  challenge?: AltchaChallenge;
  resendAfterSeconds?: number;
  retryCaptcha?: boolean;
}

const script = document.currentScript;
const page = document.getElementById.bind(document);

/** The interaction's address, where the JSON endpoints live: `${base}/interaction/${uid}`. */
const action = script?.getAttribute('data-interaction') ?? '';
const status = page('sms-status') as HTMLParagraphElement;
const alertBox = page('form-error') as HTMLDivElement;
const VERIFYING = '正在进行安全验证，请稍候…';
const FAILED = '安全验证没有完成，请重试';

const say = (text: string) => {
  status.textContent = text;
};
const fail = (text: string) => {
  alertBox.textContent = text;
};

function post(path: string, body?: object): Promise<Answer> {
  return fetch(`${action}/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  }).then(
    (response) =>
      response
        .json()
        .catch(() => ({ ok: false, message: '服务器异常，请稍后再试' })) as Promise<Answer>,
    () => ({ ok: false, message: '网络异常，请检查网络后重试' }),
  );
}

/** Asks a challenge for the number and works it out; null (the reason shown) when that failed. */
async function prove(mobile: string): Promise<Proof | null> {
  say(VERIFYING);
  const answer = await post('captcha', { mobile });
  if (!answer.ok || !answer.challenge) {
    say('');
    fail(answer.message ?? FAILED);
    return null;
  }
  const challenge = answer.challenge;
  const solution = await solveChallenge({ challenge, deriveKey }).catch(() => null);
  if (!solution) {
    say('');
    fail(FAILED);
    return null;
  }
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

const fieldValue = (id: string) => (page(id) as HTMLInputElement).value;

/** A password try after a few failures: the proof is done on submit and judged with the password. */
function checkBeforePassword(form: HTMLFormElement) {
  let proven = false;
  form.addEventListener('submit', (event) => {
    if (proven) return;
    event.preventDefault();
    fail('');
    void prove(fieldValue('mobile').trim()).then((proof) => {
      if (!proof) return;
      (page('captcha-challenge') as HTMLInputElement).value = JSON.stringify(proof.challenge);
      (page('captcha-solution') as HTMLInputElement).value = JSON.stringify(proof.solution);
      say('安全验证已完成，正在登录…');
      proven = true;
      form.submit();
    });
  });
}

/** An unticked consent box is said in Chinese at the box, which takes the focus. */
function askConsent(form: HTMLFormElement) {
  const box = form.querySelector<HTMLInputElement>('input#agree');
  if (!box) return;
  form.addEventListener('submit', (event) => {
    if (box.checked) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    fail(box.getAttribute('data-unchecked-message') ?? '');
    box.setAttribute('aria-invalid', 'true');
    box.setAttribute('aria-describedby', 'form-error');
    box.focus();
  });
}

/** The send-code button: the proof of work, then the code, then a countdown to resend. */
function sendCodes(form: HTMLFormElement) {
  askConsent(form);
  // Two passwords that differ are said at once, before anything typed is sent away and lost.
  const confirm = page('confirmPassword') as HTMLInputElement | null;
  if (confirm)
    form.addEventListener('submit', (event) => {
      if (confirm.value === fieldValue('password')) return;
      event.preventDefault();
      fail('两次输入的密码不一致');
      confirm.setAttribute('aria-invalid', 'true');
      confirm.setAttribute('aria-describedby', 'form-error');
      confirm.focus();
    });
  const scene = form.getAttribute('data-sms-scene');
  const sendButton = page('send-code') as HTMLButtonElement;
  const mobile = page('mobile') as HTMLInputElement;
  const code = page('code') as HTMLInputElement;

  const countdown = (seconds: number) => {
    let left = seconds;
    sendButton.disabled = true;
    sendButton.textContent = `${left}秒后重新获取`;
    // The resend button's countdown, in the visitor's page: one tick a second until it is 0.
    const tick = () => {
      left -= 1;
      if (left <= 0) {
        sendButton.disabled = false;
        sendButton.textContent = '获取验证码';
      } else {
        sendButton.textContent = `${left}秒后重新获取`;
        setTimeout(tick, 1000);
      }
    };
    setTimeout(tick, 1000);
  };

  const send = async () => {
    sendButton.disabled = true;
    const proof = await prove(mobile.value.trim());
    if (!proof) {
      sendButton.disabled = false;
      return;
    }
    const answer = await post('sms-code', { mobile: mobile.value.trim(), scene, ...proof });
    say('');
    if (!answer.ok) {
      sendButton.disabled = false;
      fail(answer.message ?? '');
      return;
    }
    fail('');
    say(answer.message ?? '');
    countdown(answer.resendAfterSeconds || 60);
    code.focus();
  };

  sendButton.addEventListener('click', () => {
    fail('');
    if (!MOBILE_PATTERN.test(mobile.value.trim())) {
      fail('请输入正确的11位手机号');
      mobile.focus();
      return;
    }
    void send();
  });
}

const smsForm = document.querySelector<HTMLFormElement>('form[data-sms-scene]');
const passwordForm = document.querySelector<HTMLFormElement>('form[data-captcha-required]');
if (passwordForm) checkBeforePassword(passwordForm);
else if (smsForm) sendCodes(smsForm);
