/**
 * A stand-in for the API server in component and unit tests (the real one is exercised by the
 * browser tests): routes answered by handlers, every call recorded, installed as the axios
 * adapter of the app's client (and of bare axios, which the token refresh uses).
 */
import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { apiClient as httpClient } from '../../src/lib/api-client';
import { type SessionUser, storeSession } from '../../src/lib/session';

export interface FakeRequest {
  method: string;
  /** Path under /api with its query, e.g. `/accounts/profile/`. */
  path: string;
  body: unknown;
  /** The Bearer token sent, if any. */
  token: string | undefined;
  /** Named groups of the route pattern. */
  params: Record<string, string>;
}

export interface FakeResponse {
  status: number;
  data?: unknown;
  /** Response headers, lower-case names (e.g. `retry-after`). */
  headers?: Record<string, string>;
}

/** `'network'` makes the call fail as if offline. */
export type FakeHandler = (request: FakeRequest) => FakeResponse | 'network' | Promise<FakeResponse | 'network'>;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An access token with the user's claims (not signed: the client never verifies). */
export function fakeAccessToken(user: SessionUser, expiresInSeconds = 600, jti = Math.random().toString(36).slice(2)): string {
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...user, token_type: 'access', jti, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    user_id: 7,
    email: 'resident@hospital.example',
    full_name: 'Dr. Asha Rao',
    organization_id: null,
    organization_name: null,
    organization_role: null,
    is_superuser: false,
    is_staff: false,
    ...overrides,
  };
}

/** Stores a signed-in session for the user, as a login would. */
export function signIn(user: SessionUser = makeUser(), refresh = 'refresh-1'): { access: string; refresh: string } {
  const access = fakeAccessToken(user);
  storeSession(access, refresh, user);
  return { access, refresh };
}

export class FakeApi {
  readonly calls: FakeRequest[] = [];
  private routes: { method: string; pattern: RegExp; handler: FakeHandler }[] = [];
  /** Delay of every answer, so concurrent calls overlap. */
  delayMs = 1;

  /** Answers `method path` (a string with `:name` parameters, or a RegExp) with a handler or a fixed response. Later routes win. */
  on(method: string, path: string | RegExp, answer: FakeHandler | FakeResponse): this {
    const pattern = typeof path === 'string' ? new RegExp(`^${path.replace(/[.?+*]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)')}(\\?.*)?$`) : path;
    this.routes.unshift({ method: method.toUpperCase(), pattern, handler: typeof answer === 'function' ? answer : () => answer });
    return this;
  }

  /** The calls made to a path (exact, without the query), optionally of one method. */
  callsTo(path: string, method?: string): FakeRequest[] {
    return this.calls.filter((c) => c.path.split('?')[0] === path && (!method || c.method === method.toUpperCase()));
  }

  readonly adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const path = url.startsWith('/api/') ? url.slice(4) : url;
    const auth = AxiosHeaders.from(config.headers).get('Authorization') as string | undefined;
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON
      }
    }
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    const request: FakeRequest = {
      method,
      path,
      body,
      token: auth?.replace(/^Bearer /, ''),
      params: { ...(route?.pattern.exec(path)?.groups ?? {}) },
    };
    this.calls.push(request);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const answer = route ? await route.handler(request) : { status: 404, data: { detail: `No fake route for ${method} ${path}` } };
    if (answer === 'network') throw new axios.AxiosError('Network Error', 'ERR_NETWORK', config, {});
    const response = { status: answer.status, data: answer.data ?? '', statusText: String(answer.status), headers: answer.headers ?? {}, config, request: {} };
    if (answer.status >= 400) {
      throw new axios.AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    }
    return response;
  };

  install(): () => void {
    httpClient.defaults.adapter = this.adapter;
    axios.defaults.adapter = this.adapter;
    return () => {
      httpClient.defaults.adapter = undefined;
      axios.defaults.adapter = undefined;
    };
  }
}

/**
 * The network of a test file's tests: a fresh FakeApi installed before each test and removed
 * after it, and `navigator.onLine`, true at each test's start, which `setOnline(false)` turns off
 * as a phone losing its signal would.
 */
export function fakeNetworkPerTest(): { readonly api: FakeApi; setOnline(online: boolean): void } {
  let api: FakeApi | undefined;
  let uninstall: () => void = () => undefined;
  let online = true;
  const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  beforeEach(() => {
    api = new FakeApi();
    uninstall = api.install();
    online = true;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => online });
  });
  afterEach(() => {
    uninstall();
    Object.defineProperty(Navigator.prototype, 'onLine', onLine);
  });
  return {
    get api() {
      if (!api) throw new Error('The fake API is installed before each test: use it inside a test or a hook');
      return api;
    },
    setOnline: (value) => {
      online = value;
    },
  };
}
