/**
 * The script of the sign-in, sign-up and reset pages (in the browser, built by
 * scripts/build-page-script.mjs): the slide check — before an SMS code is sent, and before a
 * password try after a few failures — as a range input, so keyboards and screen readers can do it.
 */
import { MOBILE_PATTERN } from '@portal/contracts/patterns';
import type { SlideChallenge } from '@portal/contracts';

interface TrailPoint {
  X: number;
  T: number;
}

/** A finished slide, as the server judges it. */
interface Slide {
  challengeId: string;
  x: number;
  trail: TrailPoint[];
}

interface Answer {
  ok: boolean;
  message?: string;
  challenge?: SlideChallenge;
  resendAfterSeconds?: number;
  retryCaptcha?: boolean;
}

const script = document.currentScript;
const page = document.getElementById.bind(document);

/** The interaction's address, where the JSON endpoints live: `${base}/interaction/${uid}`. */
const action = script?.getAttribute('data-interaction') ?? '';
const box = page('captcha') as HTMLDivElement;
const status = page('sms-status') as HTMLParagraphElement;
const alertBox = page('form-error') as HTMLDivElement;
let challenge: SlideChallenge | null = null;
let trail: TrailPoint[] = [];
let startedAt = 0;
let slider: HTMLInputElement | null = null;

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

function closeCaptcha() {
  box.hidden = true;
  box.innerHTML = '';
  challenge = null;
  slider = null;
}

/** Builds an element with attributes (no markup from strings: the challenge's fields stay data). */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const built = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) built.setAttribute(name, value);
  if (text !== undefined) built.textContent = text;
  return built;
}

/** Draws a new challenge; `onRelease` gets the slide when the piece is let go. */
function openCaptcha(onRelease: (slide: Slide) => void, focus: boolean) {
  void post('captcha').then((answer) => {
    if (!answer.ok || !answer.challenge) {
      fail(answer.message ?? '');
      return;
    }
    const drawn = answer.challenge;
    challenge = drawn;
    trail = [];
    startedAt = 0;
    // Picture units (the track is as wide as the picture), drawn as percentages to fit any screen.
    const width = drawn.TrackWidth;
    const pieceWidth = drawn.PieceWidth;
    const percent = (value: number) => `${(value * 100) / width}%`;
    const puzzle = element('div', { class: 'puzzle', 'aria-hidden': 'true' });
    const piece = element('img', {
      alt: '',
      class: 'piece',
      id: 'captcha-piece',
      src: drawn.Piece,
      style: `width:${percent(pieceWidth)};top:${(drawn.PieceY * 100) / drawn.ImageHeight}%`,
    });
    puzzle.append(element('img', { alt: '', src: drawn.Image }), piece);
    const range = element('input', {
      type: 'range',
      id: 'captcha-slider',
      min: '0',
      max: String(width - pieceWidth),
      value: '0',
      step: '1',
    });
    box.textContent = '';
    box.append(
      element(
        'label',
        { for: 'captcha-slider' },
        '安全验证：拖动滑块，把拼图块移到图中的缺口处后松开（也可用方向键移动后按回车）',
      ),
      puzzle,
      range,
    );
    box.hidden = false;
    slider = range;
    range.addEventListener('input', () => {
      const now = Date.now();
      // The drag starts where the piece was: a tap that jumps the thumb is no drag.
      if (!startedAt) {
        startedAt = now;
        trail.push({ X: 0, T: 0 });
      }
      trail.push({ X: Number(range.value), T: now - startedAt });
      piece.style.left = percent(Number(range.value));
    });
    const release = () => {
      if (!challenge || !slider || trail.length === 0) return;
      const slide = { challengeId: challenge.ChallengeId, x: Number(slider.value), trail };
      challenge = null;
      onRelease(slide);
    };
    range.addEventListener('pointerup', release);
    range.addEventListener('touchend', release);
    range.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      release();
    });
    if (focus) range.focus();
  });
}

const fieldValue = (id: string) => (page(id) as HTMLInputElement).value;

/** A password try after a few failures: the check is judged with the password. */
function checkBeforePassword() {
  openCaptcha((slide) => {
    (page('captcha-challenge') as HTMLInputElement).value = slide.challengeId;
    (page('captcha-x') as HTMLInputElement).value = String(slide.x);
    (page('captcha-trail') as HTMLInputElement).value = JSON.stringify(slide.trail);
    if (slider) slider.disabled = true;
    say('已完成滑动验证，请点击登录');
  }, false);
}

/** The send-code button: the slide check, then the code, then a countdown to resend. */
function sendCodes(form: HTMLFormElement) {
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

  const send = (slide: Slide) => {
    say('正在验证…');
    void post('sms-code', { mobile: mobile.value.trim(), scene, ...slide }).then((answer) => {
      say('');
      if (answer.ok) {
        closeCaptcha();
        fail('');
        say(answer.message ?? '');
        countdown(answer.resendAfterSeconds || 60);
        code.focus();
        return;
      }
      fail(answer.message ?? '');
      if (answer.retryCaptcha) openCaptcha(send, true);
      else closeCaptcha();
    });
  };

  sendButton.addEventListener('click', () => {
    fail('');
    if (!MOBILE_PATTERN.test(mobile.value.trim())) {
      fail('请输入正确的11位手机号');
      mobile.focus();
      return;
    }
    openCaptcha(send, true);
  });
}

const smsForm = document.querySelector<HTMLFormElement>('form[data-sms-scene]');
if (document.querySelector('form[data-captcha-required]')) checkBeforePassword();
else if (smsForm) sendCodes(smsForm);
