/** A browser's sign-in as plain HTTP: its cookies kept by hand (the identity tests and bench:burst). */

/** The access token a sign-in's callback address carries in its fragment (spec §4). */
export const accessTokenOf = (url: string): string | null =>
  new URLSearchParams(new URL(url).hash.slice(1)).get('access_token');

/** A browser-like HTTP client: keeps cookies by hand, follows nothing on its own. */
export class CookieBrowser {
  private readonly jar = new Map<string, string>();

  /**
   * userAgent: the browser's User-Agent header (WeChat's in-app browser says MicroMessenger);
   * headers: sent with every request (a proxy's X-Forwarded-For, in a benchmark).
   */
  constructor(
    private readonly userAgent?: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Another client holding the same cookies, as one that copied them would. */
  copy(): CookieBrowser {
    const copy = new CookieBrowser(this.userAgent, this.headers);
    for (const [name, value] of this.jar) copy.jar.set(name, value);
    return copy;
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.userAgent) headers['user-agent'] = this.userAgent;
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const send = () =>
      fetch(url, {
        method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers,
        body,
        redirect: 'manual',
      });
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      // A kept-alive connection the server closed (a restart): browsers retry on a new one.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
      response = await send();
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page answers or the location leaves for `stopAt` (a prefix). */
  async follow(
    url: string,
    stopAt: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ url: string; response?: Response }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { url: current, response };
      current = new URL(location, current).href;
      if (current.startsWith(stopAt)) return { url: current };
      response = await this.request(current);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** A cookie's value as kept, if any. */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  cookieNames(): string[] {
    return [...this.jar.keys()];
  }
}

/** The page's own form's action attribute (not the 长辈模式 switch's). */
export function formAction(page: string, baseUrl: string): string {
  const action = [...page.matchAll(/<form[^>]*action="([^"]+)"/g)]
    .map((match) => match[1]!)
    .find((href) => !href.endsWith('/elder-mode'));
  if (!action) throw new Error('no form on the page');
  return new URL(action.replace(/&amp;/g, '&'), baseUrl).href;
}
