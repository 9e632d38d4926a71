import {
  apply,
  getForm,
  getProjectList,
  getProjectPosition,
  getUserProject,
  RUNTIME_CONFIG_GLOBAL,
  upload,
  uploadedFileValueSchema,
  type Endpoint,
  type FormField,
  type FormValues,
  type RequestOf,
  type ResponseOf,
  type RuntimeConfig,
} from '@portal/contracts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { GOOD_ID_NUMBER } from './sign-in.js';

const RECORD_KEY = 'oidc.user:portal-web';
/** The seed's paid project with an online exam that the demo user has not applied to. */
const PREFERRED_TITLE = '2026年全国计算机应用能力在线测评（初级）';

export interface Api {
  call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>>;
}

export interface SignedInApi extends Api {
  /** A call's HTTP status, with the token the page held when asked, as one who kept it calls. */
  status<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<number>;
}

/** What a signed-in page holds: its token and its configured endpoints. */
export interface PageSession {
  token: string | undefined;
  config: RuntimeConfig;
}

/** Runs in the page, given SESSION_KEYS: its session. */
export function sessionInPage([key, global]: readonly [string, string]): PageSession {
  return {
    token: (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string })
      .access_token,
    config: (window as unknown as Record<string, unknown>)[global] as RuntimeConfig,
  };
}
export const SESSION_KEYS = [RECORD_KEY, RUNTIME_CONFIG_GLOBAL] as const;

/** The services, called as the signed-in page would (its token, its configured endpoints). */
export async function apiOf(page: Page): Promise<SignedInApi> {
  return apiOfSession(await page.evaluate(sessionInPage, SESSION_KEYS));
}

export function apiOfSession({ token, config }: PageSession): SignedInApi {
  expect(token).toBeTruthy();
  const send = (endpoint: Endpoint, input: unknown): Promise<Response> => {
    const base = config.MicroServices.find((s) => s.ServiceID === endpoint.service);
    const url = new URL(`${base!.ServiceEndpoint.replace(/\/$/, '')}${endpoint.path}`);
    const init: RequestInit = { headers: { Authorization: `Bearer ${token}` } };
    if (endpoint.method === 'GET') {
      for (const [k, v] of Object.entries(input as Record<string, unknown>))
        if (v !== undefined) url.searchParams.set(k, String(v));
    } else {
      init.method = 'POST';
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
      init.body = JSON.stringify(input);
    }
    return fetch(url, init);
  };
  return {
    async call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
      const response = await send(endpoint, input);
      const body = (await response.json()) as { ErrCode: number; ErrMsg: string; Data: unknown };
      if (response.status !== 200) throw new Error(`${endpoint.name}: ${body.ErrMsg}`);
      return endpoint.response.parse(body.Data) as ResponseOf<E>;
    },
    async status(endpoint, input) {
      const response = await send(endpoint, input);
      await response.body?.cancel();
      return response.status;
    },
  };
}

/** A paid project open for applications that the demo user has not applied to. */
export async function unappliedPaidProject(api: Api) {
  const [open, mine] = await Promise.all([
    api.call(getProjectList, { State: 'Applying', PageIndex: 1, PageSize: 50 }),
    api.call(getUserProject, { PageIndex: 1, PageSize: 50 }),
  ]);
  const applied = new Set(mine.Items.map((a) => a.ProjectId));
  const candidates = open.Items.filter((p) => p.FeeInFen > 0 && !applied.has(p.ProjectId));
  const project =
    candidates.find((p) => p.Title === PREFERRED_TITLE) ??
    // Certificates and contests ask the short form; others the full one (both are handled).
    candidates.find((p) => ['职业资格', '学科竞赛'].includes(p.CategoryName)) ??
    candidates[0];
  if (!project) throw new Error('no unapplied paid project left in the seed');
  return project;
}

/** A project open for applications, not applied to, whose form `fits`, and a position of it. */
export async function unappliedProjectWithForm(
  api: Api,
  fits: (fields: FormField[]) => boolean,
): Promise<{ projectId: number; positionId: number }> {
  const [open, mine] = await Promise.all([
    api.call(getProjectList, { State: 'Applying', PageIndex: 1, PageSize: 50 }),
    api.call(getUserProject, { PageIndex: 1, PageSize: 50 }),
  ]);
  const applied = new Set(mine.Items.map((a) => a.ProjectId));
  for (const project of open.Items.filter((p) => !applied.has(p.ProjectId))) {
    const form = await api.call(getForm, { ProjectId: project.ProjectId });
    if (!fits(form.Form.Fields)) continue;
    const [position] = await api.call(getProjectPosition, { ProjectId: project.ProjectId });
    if (position) return { projectId: project.ProjectId, positionId: position.PositionId };
  }
  throw new Error('no unapplied project with such a form left in the seed');
}

/** A project open for applications whose form asks a birth date, not applied to, and a position of it. */
export const unappliedProjectAskingBirthDate = (api: Api) =>
  unappliedProjectWithForm(api, (fields) => fields.some((f) => f.FieldId === 'birthDate'));

/** The back office approves an application (the demo's review endpoint). */
export async function approveInBackOffice(baseUrl: string, applyId: number): Promise<void> {
  const review = await fetch(`${baseUrl}/dev/review`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ApplyId: applyId, Decision: 'approve', Remark: '' }),
  });
  expect(review.status).toBe(200);
}

export async function applicationsOf(api: Api, projectId: number) {
  const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
  return mine.Items.filter((a) => a.ProjectId === projectId);
}

/**
 * The signed-in candidate's application to the project of this title, from all of theirs: not from
 * the first page a screen asked for, which other journeys' applications on the shared server move.
 */
export async function applicationTitled(api: Api, title: string) {
  const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
  const found = mine.Items.find((a) => a.ProjectTitle === title);
  expect(found, title).toBeDefined();
  return found!;
}

/** Runs in the page: a small passport-like picture as a JPEG data URL. */
export function drawPassportPhoto(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 120;
  canvas.height = 160;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#3a7bd5';
  ctx.fillRect(0, 0, 120, 160);
  ctx.fillStyle = '#f5d0b0';
  ctx.beginPath();
  ctx.arc(60, 62, 30, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(25, 110, 70, 50);
  return canvas.toDataURL('image/jpeg', 0.9);
}

/** A small real JPEG, drawn and encoded by the browser itself. */
export async function passportPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(drawPassportPhoto);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The services as a visitor calls them (no token), at their default endpoints. */
export function anonymousApi(baseUrl: string): Api {
  return {
    async call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
      const url = new URL(`${baseUrl}/services/${endpoint.service}${endpoint.path}`);
      for (const [k, v] of Object.entries(input as Record<string, unknown>))
        if (v !== undefined) url.searchParams.set(k, String(v));
      const response = await fetch(url);
      const body = (await response.json()) as { ErrMsg: string; Data: unknown };
      if (response.status !== 200) throw new Error(`${endpoint.name}: ${body.ErrMsg}`);
      return endpoint.response.parse(body.Data) as ResponseOf<E>;
    },
  };
}

/** The photo goes up as the form's upload does (multipart, the page's own token). */
export async function uploadPhoto(page: Page) {
  const { token, config } = await page.evaluate(
    ([global]) => ({
      token: (
        JSON.parse(localStorage.getItem('oidc.user:portal-web') ?? '{}') as {
          access_token?: string;
        }
      ).access_token,
      config: (window as unknown as Record<string, unknown>)[global] as RuntimeConfig,
    }),
    [RUNTIME_CONFIG_GLOBAL] as const,
  );
  const base = config.MicroServices.find((s) => s.ServiceID === upload.service)!.ServiceEndpoint;
  const form = new FormData();
  form.set('Purpose', 'photo');
  form.set(
    'file',
    new Blob([new Uint8Array(await passportPhoto(page))], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const response = await fetch(`${base.replace(/\/$/, '')}${upload.path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { Data: unknown; ErrMsg: string };
  expect(response.status, body.ErrMsg).toBe(200);
  return uploadedFileValueSchema.parse(body.Data);
}

/** Who a fresh candidate is on the forms they send through the API. */
export interface FreshCandidate {
  name: string;
  gender: 'male' | 'female';
  mobile: string;
}

/**
 * An application a fresh candidate sends as the form would (the first position, a photo uploaded
 * with the page's token), holding only the fields the project's form asks; the sensitive
 * information's consent is the caller's to add.
 */
export async function applicationRequest(
  page: Page,
  api: SignedInApi,
  projectId: number,
  candidate: FreshCandidate,
) {
  const [position] = await api.call(getProjectPosition, { ProjectId: projectId });
  const form = await api.call(getForm, { ProjectId: projectId });
  const asked = new Set(form.Form.Fields.map((f) => f.FieldId));
  const values: FormValues = {
    name: candidate.name,
    gender: candidate.gender,
    idNumber: GOOD_ID_NUMBER,
    birthDate: '1990-03-07',
    mobile: candidate.mobile,
    education: 'bachelor',
    major: '计算机科学与技术',
    hukou: ['11', '110101'],
    hasWork: 'no',
    photo: await uploadPhoto(page),
  };
  return {
    ProjectId: projectId,
    PositionId: position!.PositionId,
    Values: Object.fromEntries(Object.entries(values).filter(([id]) => asked.has(id))),
  };
}

/** A fresh candidate applies through the API, the sensitive information's consent given. */
export async function applyThroughApi(
  page: Page,
  api: SignedInApi,
  projectId: number,
  candidate: FreshCandidate,
) {
  const request = await applicationRequest(page, api, projectId, candidate);
  return api.call(apply, { ...request, SensitiveConsent: true });
}
