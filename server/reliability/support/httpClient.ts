/** A learner talking to a spawned server over real HTTP, holding its own session cookie. */
export interface HttpAnswer {
  status: number;
  body: unknown;
}

export class HttpLearner {
  constructor(
    readonly baseUrl: string,
    public cookie = '',
  ) {}

  async call(method: string, path: string, body?: object): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  /** Registers a new account with this email and password; the learner is then signed in. */
  async register(email: string, password: string): Promise<void> {
    const res = await this.call('POST', '/api/auth/register', { email, password });
    if (res.status !== 201) throw new Error(`register answered ${res.status} ${JSON.stringify(res.body)}`);
  }

  async chooseLanguage(name = 'Spanish'): Promise<void> {
    const res = await this.call('POST', '/api/user/language', { name });
    if (res.status !== 200) throw new Error(`choosing a language answered ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** The same session seen from another server process sharing the database. */
  on(baseUrl: string): HttpLearner {
    return new HttpLearner(baseUrl, this.cookie);
  }
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
