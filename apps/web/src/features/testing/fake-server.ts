import { readQueryText, type Endpoint, type RequestOf, type ResponseOf } from '@portal/contracts';
import { vi } from 'vitest';

/** One call as the server received it: the query of a GET, the body of a POST. */
export interface ReceivedCall {
  name: string;
  input: Record<string, unknown>;
  form?: FormData;
}

type Answer<E extends Endpoint> =
  | ResponseOf<E>
  | Response
  | ((input: RequestOf<E>) => ResponseOf<E> | Response | Promise<ResponseOf<E> | Response>);

/** A refusal in the envelope, as the server sends one (§8). */
export function refusal(status: number, ErrMsg: string, Data: unknown = null): Response {
  return new Response(JSON.stringify({ ErrCode: status, ErrMsg, Data }), { status });
}

/**
 * The network edge of a screen test: each call of the contract answered with data parsed by that
 * call's response schema (so a fixture cannot drift from the contract); anything else is a 404.
 */
export function fakeServer() {
  const answers = new Map<string, { endpoint: Endpoint; answer: Answer<Endpoint> }>();
  const received: ReceivedCall[] = [];

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const hit = [...answers.values()].find((a) => url.pathname.endsWith(a.endpoint.path));
    if (!hit) return refusal(404, `接口不存在 ${url.pathname}`);
    let body: Record<string, unknown> = {};
    let form: FormData | undefined;
    if (init?.body instanceof FormData) {
      form = init.body;
      body = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
    } else if (typeof init?.body === 'string') {
      body = JSON.parse(init.body) as Record<string, unknown>;
    }
    const callInput =
      hit.endpoint.method === 'GET' ? Object.fromEntries(url.searchParams.entries()) : body;
    received.push({ name: hit.endpoint.name, input: callInput, form });
    const answer =
      typeof hit.answer === 'function'
        ? await (hit.answer as (i: unknown) => unknown)(
            // Query text is read as the server reads it: numbers where the contract has numbers.
            hit.endpoint.request.parse(
              hit.endpoint.method === 'GET'
                ? readQueryText(hit.endpoint.request, callInput)
                : callInput,
            ),
          )
        : hit.answer;
    if (answer instanceof Response) return answer;
    const Data = hit.endpoint.response.parse(answer);
    return new Response(JSON.stringify({ ErrCode: 0, ErrMsg: '', Data }));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    /** Answers every later call of `endpoint`. */
    on<E extends Endpoint>(endpoint: E, answer: Answer<E>) {
      answers.set(endpoint.name, { endpoint, answer: answer as Answer<Endpoint> });
      return this;
    },
    /** The calls of one endpoint, in order. */
    calls(endpoint: Endpoint): ReceivedCall[] {
      return received.filter((c) => c.name === endpoint.name);
    },
  };
}
