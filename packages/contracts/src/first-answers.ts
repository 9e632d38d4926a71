import type { Endpoint } from './endpoint.js';
import { DEFAULT_PAGE_SIZE, idParam, MAX_PAGE_SIZE } from './envelope.js';
import { examCandidates, getForm } from './areas/apply.js';
import { getExamine } from './areas/custom.js';
import { getHomeLable, getHomeLableLayout } from './areas/home.js';
import { getMessageList, getProjectNotice } from './areas/notice.js';
import { getUserPaymentOrder } from './areas/payment.js';
import {
  getProject,
  getProjectList,
  getProjectOpenAsk,
  getProjectPosition,
  projectListFilterOf,
} from './areas/project.js';
import { ROUTES } from './routes.js';
import {
  getPersonalCenterNumber,
  getUser,
  getUserApplyArchive,
  getUserProject,
  type UserProfile,
} from './areas/user.js';

/**
 * The host page's data island of answers to the first screen's public calls: for an anonymous
 * visitor the SPA takes them from here instead of asking after its scripts have loaded.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'portal-first-answers';
/**
 * On the island of a signed-in screen's answers: the account they were asked for (tokenSubjectOf).
 * The SPA takes them only for calls it sends with a token of that same account.
 */
export const ANSWERED_FOR_ATTRIBUTE = 'data-answered-for';
/**
 * The host page's server-drawn first screen (apps/web/src/app/server-render.tsx): the router's
 * loader data and the query cache the screen was drawn from, so the SPA hydrates the HTML it came
 * with instead of drawing the screen again.
 */
export const FIRST_SCREEN_ELEMENT_ID = 'portal-first-screen';

export interface FirstScreenState {
  /** The data router's loaderData, by route id. */
  loaderData: Record<string, unknown>;
  /** The query cache, dehydrated (@tanstack/react-query). */
  queries: unknown;
  /** A signed-in screen's: the account it was drawn for, and the session as drawn. */
  session?: DrawnSession;
}

/** The session a signed-in screen was drawn with, which the browser's must match to hydrate it. */
export interface DrawnSession {
  /** The account, its access token's subject (tokenSubjectOf). */
  drawnFor: string;
  /** The profile as drawn (User/GetUser's answer). */
  profile: UserProfile;
  /** The tab badge's number as drawn. */
  unreadNoticeCount: number;
}

/** §2: the two layouts, chosen by the user agent; each has its own route table and shell. */
export type PageLayout = 'mobile' | 'desktop';

/** What the host asks the web build's renderer to draw. */
export interface FirstScreenRequest {
  /** The page's full address. */
  url: string;
  /** The layout the visitor's browser will show. */
  layout: PageLayout;
  /** The host page's runtime config object (§3). */
  runtimeConfig: unknown;
  /** The host page's first answers, by firstAnswerKey. */
  firstAnswers: Record<string, unknown>;
  /** The visitor's elder mode (its cookie): the drawing must match the browser's first render. */
  elder: boolean;
  /**
   * A signed-in screen's: the account (tokenSubjectOf) whose calls firstAnswers holds. Without it the
   * screen is drawn for a signed-out visitor, and pages behind sign-in are not drawn.
   */
  signedInAs?: string;
}

/** The renderer's drawing of a first screen. */
export interface FirstScreenRender {
  /** The inside of #root. */
  html: string;
  /**
   * Markup for the page's <head>: the styles the drawing's CSS-in-JS wrote (antd's, on desktop),
   * made from the build's own style code and theme, never from the page's data; '' when none.
   */
  head: string;
  state: FirstScreenState;
}

/**
 * A server-drawn page's scripts, asked for by apps/web/src/app/boot.ts once the page has painted:
 * the entry, and the modules to preload beside it (the layout's and the page's).
 */
export const DEFERRED_SCRIPTS_ELEMENT_ID = 'portal-deferred-scripts';

export interface DeferredScripts {
  entry: string;
  /** Every module the page needs, fetched at once. */
  preload: string[];
  /**
   * Those boot.ts runs one per task before the entry, dependencies first: of chunks that import one
   * another in a cycle, only the one the app enters the cycle through.
   */
  run: string[];
}

/** Answers older than this (a page left open, then navigated within) are asked for afresh. */
export const FIRST_ANSWERS_MAX_AGE_MS = 30_000;

/** The project list's page size on phones (its infinite list). */
export const PROJECT_PAGE_SIZE = 10;
/** The project list's page size on a PC (its numbered pages). */
export const DESKTOP_PROJECT_PAGE_SIZE = 6;
/** How many notices and answered questions a project's page shows (flowManage, both layouts). */
export const FLOW_NOTICE_COUNT = 5;
export const FLOW_QUESTION_COUNT = 3;

type Query = Record<string, unknown>;

/** A GET call's query as the web client sends it: defined values, in the input's order. */
export function appendQuery(params: URLSearchParams, input: Query): void {
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
}

/** A call's place in the island: its name and its query, parameters sorted. */
export function firstAnswerKey(endpoint: Endpoint, params: URLSearchParams): string {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return `${endpoint.name}?${sorted.toString()}`;
}

export interface FirstCall {
  endpoint: Endpoint;
  /** The call's input for the page's address, or null when the page will not make it. */
  input(query: URLSearchParams): Query | null;
}

const call = (endpoint: Endpoint, input: FirstCall['input']): FirstCall => ({ endpoint, input });

/** A listed call as a page address makes it: its query, its key, and its path with the query. */
export interface CallAtAddress {
  endpoint: Endpoint;
  params: URLSearchParams;
  key: string;
  /** The endpoint's path and query, to append to its service's address. */
  pathAndQuery: string;
}

/** The calls a table (FIRST_SCREEN_CALLS' or SIGNED_IN_FIRST_CALLS' layout) lists for a page address. */
export function callsAt(
  table: Record<string, readonly FirstCall[]>,
  url: { pathname: string; searchParams: URLSearchParams },
): CallAtAddress[] {
  return (table[pagePathOf(url)] ?? []).flatMap(({ endpoint, input }) => {
    const values = input(url.searchParams);
    return values ? [callWith(endpoint, values)] : [];
  });
}

const pagePathOf = (url: { pathname: string }) => url.pathname.replace(/\/+$/, '');

/** A call's place among the first answers, from its input as the web client sends it. */
export function answerKeyOf(endpoint: Endpoint, input: Query = {}): string {
  return callWith(endpoint, input).key;
}

/** A call with its input, as the web client sends it. */
function callWith(endpoint: Endpoint, values: Query): CallAtAddress {
  const params = new URLSearchParams();
  appendQuery(params, values);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return {
    endpoint,
    params,
    key: firstAnswerKey(endpoint, params),
    pathAndQuery: `${endpoint.path}${query}`,
  };
}

/**
 * A call a screen makes with what one of its first calls answered (the desktop workbench asks each
 * paid application's exam): asked after that answer; the screen is drawn with those answered and
 * leaves the others to the browser.
 */
export interface FollowUpCall {
  /** The first call whose answer it follows. */
  after: FirstCall;
  endpoint: Endpoint;
  /** The follow-up's inputs for that answer's data (none when it is not what was expected). */
  inputs(data: unknown): Query[];
}

/** The follow-ups of a page address, given the answers (envelopes, by firstAnswerKey) it follows. */
export function followUpsAt(
  table: Record<string, readonly FollowUpCall[]>,
  url: { pathname: string; searchParams: URLSearchParams },
  answers: Readonly<Record<string, unknown>>,
): CallAtAddress[] {
  return (table[pagePathOf(url)] ?? []).flatMap(({ after, endpoint, inputs }) => {
    const values = after.input(url.searchParams);
    if (!values) return [];
    const answer = answers[callWith(after.endpoint, values).key] as { Data?: unknown } | undefined;
    return answer ? inputs(answer.Data).map((input) => callWith(endpoint, input)) : [];
  });
}
/** The list as its address filters it (a share link's own parameters, such as WeChat's, are not filters). */
const filtered = (paging: (query: URLSearchParams) => Query) => (query: URLSearchParams) => ({
  ...projectListFilterOf(query),
  ...paging(query),
});
/** The address's PageIndex, 1 when absent or not a page number. */
export function pageIndexOf(query: URLSearchParams): number {
  return idParam(query.get('PageIndex')) ?? 1;
}
const ofProject = (more: Query) => (query: URLSearchParams) => {
  const id = idParam(query.get('ProjectId'));
  return id === undefined ? null : { ProjectId: id, ...more };
};

const homeLables = call(getHomeLable, () => ({}));
const homeLayout = call(getHomeLableLayout, () => ({}));
const flowManage = [
  call(getProject, ofProject({})),
  call(getProjectNotice, ofProject({ PageIndex: 1, PageSize: FLOW_NOTICE_COUNT })),
  call(getProjectOpenAsk, ofProject({ PageIndex: 1, PageSize: FLOW_QUESTION_COUNT })),
];

/**
 * The public calls each layout's first screens make, by page address. A journey checks that the
 * pages make exactly these (e2e/journeys/first-load.test.ts): a call the page makes differently
 * would only be asked again, never answered wrong, since the key is the call's whole query.
 */
export const FIRST_SCREEN_CALLS: Record<PageLayout, Record<string, readonly FirstCall[]>> = {
  mobile: {
    [ROUTES.home]: [homeLables, homeLayout],
    [ROUTES.projectList]: [
      homeLables,
      call(
        getProjectList,
        filtered(() => ({ PageIndex: 1, PageSize: PROJECT_PAGE_SIZE })),
      ),
    ],
    '/views/flowManage': flowManage,
  },
  desktop: {
    [ROUTES.home]: [homeLables, homeLayout],
    // Numbered pages: a link to another page of the list is answered too.
    [ROUTES.projectList]: [
      homeLables,
      call(
        getProjectList,
        filtered((query) => ({
          PageIndex: pageIndexOf(query),
          PageSize: DESKTOP_PROJECT_PAGE_SIZE,
        })),
      ),
    ],
    // The desktop page shows the positions beside the details.
    '/views/flowManage': [...flowManage, call(getProjectPosition, ofProject({}))],
  },
};

/**
 * A signed-in screen's first calls, listed in the host page (SIGNED_IN_FIRST_CALLS): the page's
 * first script (apps/web/src/app/early-calls.ts) sends them with the stored token as soon as the
 * page arrives, while the app's scripts still load, and the app's HTTP client takes their answers
 * instead of asking again (render-as-you-fetch).
 */
export const EARLY_CALLS_ELEMENT_ID = 'portal-early-calls';

export interface EarlyCalls {
  /** Where the browser keeps its sign-in record (localStorage). */
  storageKey: string;
  /** Each call's place (firstAnswerKey) and its whole address. */
  calls: { key: string; url: string }[];
}

/** What early-calls.ts leaves on `window` under EARLY_ANSWERS_GLOBAL for the HTTP client. */
export interface EarlyAnswers {
  /** The Authorization header the calls were sent with: another token's call asks again. */
  authorization: string;
  /** By firstAnswerKey: the exchange, or null when it failed (the client then asks itself). */
  answers: Map<string, Promise<{ status: number; text: string } | null>>;
}
export const EARLY_ANSWERS_GLOBAL = '__portalEarlyAnswers';

/** §3: the stored sign-in record is kept under this prefix plus the client id. */
export const OIDC_USER_PREFIX = 'oidc.user:';

/** The tab badge's call: the smallest page of messages, read for its UnreadCount. */
export const UNREAD_COUNT_QUERY = { PageIndex: 1, PageSize: 1 } as const;

const profile = call(getUser, () => ({}));
const unreadCount = call(getMessageList, () => ({ ...UNREAD_COUNT_QUERY }));
const personalNumbers = call(getPersonalCenterNumber, () => ({}));
const myProjects = call(getUserProject, () => ({ PageIndex: 1, PageSize: DEFAULT_PAGE_SIZE }));
/** The desktop workbench's lists, whole (apps/web/src/features/station). */
const stationApplies = call(getUserProject, () => ({ PageIndex: 1, PageSize: MAX_PAGE_SIZE }));
const stationOrders = call(getUserPaymentOrder, () => ({ PageIndex: 1, PageSize: MAX_PAGE_SIZE }));
const applyForm = [call(getForm, ofProject({})), call(getUserApplyArchive, () => ({}))];

/**
 * The calls each layout's signed-in screens make first, by page address: reads only, so one sent
 * and not taken costs a read and nothing else. Left to the app: the payment page's order (its
 * channel depends on the browser), the ticket itself (a POST), the ticket page's unread count
 * (asked after that POST, which drops what was not yet taken: a write may change it) and the
 * exam's state (its ServerTime sets the exam's clock as of when it is received). A journey checks
 * that each page takes every one of these and asks none again (e2e/journeys/early-calls.test.ts).
 */
export const SIGNED_IN_FIRST_CALLS: Record<PageLayout, Record<string, readonly FirstCall[]>> = {
  mobile: {
    '/views/apply': [profile, unreadCount, ...applyForm],
    '/views/payment': [unreadCount],
    '/views/print': [profile],
    '/views/onlineExam': [unreadCount],
    '/views/my': [profile, unreadCount, personalNumbers],
    '/views/my/myProject': [profile, unreadCount, myProjects],
  },
  desktop: {
    '/views/apply': [profile, unreadCount, ...applyForm, call(getProjectPosition, ofProject({}))],
    '/views/payment': [profile, unreadCount],
    '/views/print': [profile],
    '/views/onlineExam': [profile, unreadCount],
    '/views/my': [profile, unreadCount, personalNumbers, stationApplies, stationOrders],
    '/views/my/myProject': [profile, unreadCount, personalNumbers, myProjects],
  },
};

/**
 * The signed-in screens' follow-ups, asked by the host only (the page's early calls cannot wait for
 * an answer): the desktop workbench's exam of each paid application, its to-do drawn with the page.
 */
export const SIGNED_IN_FOLLOW_UPS: Record<PageLayout, Record<string, readonly FollowUpCall[]>> = {
  mobile: {},
  desktop: {
    '/views/my': [
      {
        after: stationApplies,
        endpoint: getExamine,
        inputs: (data) => {
          const page = getUserProject.response.safeParse(data);
          return page.success
            ? examCandidates(page.data.Items).map(({ ApplyId }) => ({ ApplyId }))
            : [];
        },
      },
    ],
  },
};
