import {
  ANSWERED_FOR_ATTRIBUTE,
  answerKeyOf,
  EARLY_ANSWERS_GLOBAL,
  type EarlyAnswers,
  type Endpoint,
  FIRST_ANSWERS_ELEMENT_ID,
  FIRST_ANSWERS_MAX_AGE_MS,
  tokenSubjectOf,
} from '@portal/contracts';

/** The island as read, with the answers not yet taken; read again if the element is replaced. */
let read: { element: Element; answers: Map<string, unknown> } | null = null;

function answersIn(element: Element): Map<string, unknown> {
  if (read?.element === element) return read.answers;
  const answers = new Map<string, unknown>();
  try {
    for (const [key, answer] of Object.entries(
      JSON.parse(element.textContent ?? '{}') as Record<string, unknown>,
    ))
      answers.set(key, answer);
  } catch {
    // A damaged island only means the calls are asked for.
  }
  read = { element, answers };
  return answers;
}

/**
 * The host page's answer to a first-screen call (by firstAnswerKey), once: a second call of the
 * same key, or any call once the page is older than FIRST_ANSWERS_MAX_AGE_MS, goes to the server.
 * Public answers are taken by calls sent without a token; a signed-in screen's only by calls sent
 * with a token of the account they were asked for (the island names it, ANSWERED_FOR_ATTRIBUTE).
 */
export function takeFirstAnswer(key: string, authorization: string | null): unknown {
  const element = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element || performance.now() > FIRST_ANSWERS_MAX_AGE_MS) return undefined;
  const answeredFor = element.getAttribute(ANSWERED_FOR_ATTRIBUTE);
  const taken = authorization
    ? answeredFor !== null && tokenSubjectOf(authorization.replace(/^\S+\s+/, '')) === answeredFor
    : answeredFor === null;
  if (!taken) return undefined;
  const answers = answersIn(element);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/**
 * A signed-in screen's call sent by the page's first script (app/early-calls.ts), once: only for
 * the same token, and only while the page is new (FIRST_ANSWERS_MAX_AGE_MS). Its exchange, or
 * null when it failed; undefined when there is none to take.
 */
export function takeEarlyAnswer(
  key: string,
  authorization: string,
): Promise<{ status: number; text: string } | null> | undefined {
  if (performance.now() > FIRST_ANSWERS_MAX_AGE_MS) dropEarlyAnswers();
  const early = (window as unknown as Record<string, EarlyAnswers | undefined>)[
    EARLY_ANSWERS_GLOBAL
  ];
  if (!early || early.authorization !== authorization) return undefined;
  const answer = early.answers.get(key);
  early.answers.delete(key);
  return answer;
}

/** After a write (it may change what an answer not yet taken says) or once they are old: gone. */
export function dropEarlyAnswers(): void {
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
}

/**
 * A query's `meta` for what the server's drawing leaves loading, as the browser's first render has
 * it too: what is not a service call (a static file such as RegionData).
 */
export const LEFT_TO_THE_BROWSER = { leftToTheBrowser: true } as const;

export function isLeftToTheBrowser(meta: Record<string, unknown> | undefined): boolean {
  return meta?.leftToTheBrowser === true;
}

/**
 * A query's `meta` for a follow-up call (SIGNED_IN_FOLLOW_UPS), which the host asks when it can:
 * drawn with its answer, and without one the drawing goes on and the browser asks it. Its screen
 * must draw the same with the query failed as with it loading (the browser's first render).
 */
export const DRAWN_IF_ANSWERED = { drawnIfAnswered: true } as const;

export function isDrawnIfAnswered(meta: Record<string, unknown> | undefined): boolean {
  return meta?.drawnIfAnswered === true;
}

/** While the server draws a first screen: the answers of the render under way (app/server-render.tsx). */
let serverAnswers: (() => ReadonlyMap<string, unknown>) | null = null;

export function answerFromServerRender(answers: (() => ReadonlyMap<string, unknown>) | null): void {
  serverAnswers = answers;
}

/**
 * On the server, every call is answered from the render's first answers, or fails: a server-drawn
 * screen never asks the network. Null in the browser.
 */
export function serverRenderAnswer(endpoint: Endpoint, input: Record<string, unknown>): unknown {
  if (!serverAnswers) return null;
  const key = answerKeyOf(endpoint, input);
  const answer = serverAnswers().get(key);
  if (answer === undefined) throw new Error(`no first answer for ${key}`);
  return answer;
}
