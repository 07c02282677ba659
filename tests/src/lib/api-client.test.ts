import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, apiPathOf, getAllPages, refreshAccessToken } from '../../../src/lib/api-client';
import { ApiError } from '../../../src/lib/api-error';
import { getAccessToken, getRefreshToken, getStoredUser, onSessionExpired, storeSession } from '../../../src/lib/session';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object, expiresIn = 600) =>
  `${b64({ alg: 'HS256' })}.${b64({ user_id: 7, email: 'r@x.example', full_name: 'Résident', exp: Math.floor(Date.now() / 1000) + expiresIn, ...claims })}.sig`;

/**
 * A stand-in for the API server (the real one is exercised in the browser tests): access tokens
 * it issued are valid until `expireAll`, refresh tokens rotate and are single-use.
 */
class FakeServer {
  valid = new Set<string>();
  refreshTokens = new Set<string>();
  refreshCalls = 0;
  offline = false;
  refuseRefresh = false;
  delayMs = 5;
  private n = 0;

  issue() {
    const access = token({ jti: `a${++this.n}` });
    const refresh = `refresh-${this.n}`;
    this.valid.add(access);
    this.refreshTokens.add(refresh);
    return { access, refresh };
  }
  expireAll() {
    this.valid.clear();
  }
  adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    await new Promise((r) => setTimeout(r, this.delayMs));
    const respond = (status: number, data: unknown) => {
      const response = { status, data, statusText: String(status), headers: {}, config, request: {} };
      if (status >= 400) throw new axios.AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
      return response;
    };
    if (this.offline) throw new axios.AxiosError('Network Error', 'ERR_NETWORK', config, {});
    if (config.url?.endsWith('/accounts/token/refresh/')) {
      this.refreshCalls++;
      const { refresh } = JSON.parse(config.data as string) as { refresh: string };
      if (this.refuseRefresh || !this.refreshTokens.delete(refresh)) return respond(401, { detail: 'Token is invalid or expired.' });
      return respond(200, this.issue());
    }
    const auth = AxiosHeaders.from(config.headers).get('Authorization') as string | undefined;
    if (!auth || !this.valid.has(auth.replace('Bearer ', ''))) return respond(401, { detail: 'Given token not valid for any token type' });
    return respond(200, { ok: true, url: config.url });
  };
}

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  apiClient.defaults.adapter = server.adapter;
  axios.defaults.adapter = server.adapter;
  const { access, refresh } = server.issue();
  storeSession(access, refresh);
});
afterEach(() => {
  apiClient.defaults.adapter = undefined;
  axios.defaults.adapter = undefined;
});

describe('the API client', () => {
  it('sends the stored access token as a Bearer header', async () => {
    const res = await apiClient.get('/books/books/');
    expect(res.data).toEqual({ ok: true, url: '/books/books/' });
  });

  it('stores the decoded user with the tokens', () => {
    expect(getStoredUser()).toMatchObject({ user_id: 7, email: 'r@x.example', full_name: 'Résident', is_superuser: false });
  });

  it('refreshes once for ten requests failing together, then retries each once', async () => {
    server.expireAll();
    const before = getRefreshToken();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => apiClient.get<{ ok: boolean }>(`/item/${i}/`)));
    expect(results.map((r) => r.data.ok)).toEqual(Array(10).fill(true));
    expect(server.refreshCalls).toBe(1);
    // The rotated refresh token was stored.
    expect(getRefreshToken()).not.toBe(before);
    expect(server.refreshTokens.has(getRefreshToken()!)).toBe(true);
  });

  it('does not refresh again for a request that failed after another refresh finished', async () => {
    server.expireAll();
    server.delayMs = 1;
    const first = apiClient.get('/a/');
    await first;
    expect(server.refreshCalls).toBe(1);
    await apiClient.get('/b/');
    expect(server.refreshCalls).toBe(1);
  });

  it('retries only once: a request still refused after the refresh fails', async () => {
    const original = server.adapter;
    let attempts = 0;
    const alwaysRefused: AxiosAdapter = async (config) => {
      if (!config.url?.endsWith('/token/refresh/')) attempts++;
      if (config.url?.endsWith('/token/refresh/')) return original(config);
      throw new axios.AxiosError('401', 'ERR_BAD_REQUEST', config, {}, { status: 401, data: { detail: 'no' }, statusText: '401', headers: {}, config });
    };
    apiClient.defaults.adapter = alwaysRefused;
    axios.defaults.adapter = alwaysRefused;
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ reason: 'unauthorized', status: 401 });
    expect(attempts).toBe(2);
  });

  it('clears the session and announces it when the refresh is refused', async () => {
    server.expireAll();
    server.refuseRefresh = true;
    let announced = 0;
    const stop = onSessionExpired(() => announced++);
    await expect(apiClient.get('/x/')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(announced).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it("fails with 'No refresh token available' when none is stored", async () => {
    localStorage.removeItem('refresh_token');
    await expect(refreshAccessToken()).rejects.toThrow('No refresh token available');
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    server.expireAll();
    const stored = getAccessToken();
    let announced = 0;
    const stop = onSessionExpired(() => announced++);
    const original = server.adapter;
    const offlineRefresh: AxiosAdapter = async (config) => {
      if (config.url?.endsWith('/token/refresh/')) throw new axios.AxiosError('Network Error', 'ERR_NETWORK', config, {});
      return original(config);
    };
    apiClient.defaults.adapter = offlineRefresh;
    axios.defaults.adapter = offlineRefresh;
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ reason: 'network' });
    stop();
    expect(announced).toBe(0);
    expect(getAccessToken()).toBe(stored);
    expect(getStoredUser()?.email).toBe('r@x.example');
  });

  it('turns failures into ApiErrors with a reason and the server body', async () => {
    server.offline = true;
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ reason: 'network' });
    server.offline = false;
    const refusing: AxiosAdapter = async (config) => {
      throw new axios.AxiosError(
        '400',
        'ERR_BAD_REQUEST',
        config,
        {},
        { status: 400, data: { title: ['This field is required.'] }, statusText: '400', headers: {}, config },
      );
    };
    apiClient.defaults.adapter = refusing;
    await expect(apiClient.post('/books/books/', {})).rejects.toMatchObject({ reason: 'invalid', status: 400, data: { title: ['This field is required.'] } });
  });

  it('announces the end of the session once when many requests wait for a refused refresh', async () => {
    server.expireAll();
    server.refuseRefresh = true;
    let announced = 0;
    const stop = onSessionExpired(() => announced++);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => apiClient.get<{ ok: boolean }>(`/item/${i}/`)));
    stop();
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).reason === 'unauthorized')).toBe(true);
    expect(server.refreshCalls).toBe(1);
    expect(announced).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  it("announces the end of the session when no refresh token is stored ('No refresh token available')", async () => {
    server.expireAll();
    localStorage.removeItem('refresh_token');
    let announced = 0;
    const stop = onSessionExpired(() => announced++);
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(announced).toBe(1);
    expect(server.refreshCalls).toBe(0);
    expect(getStoredUser()).toBeNull();
  });

  it('keeps the session when the refresh endpoint answers with a server error (a proxy 502)', async () => {
    server.expireAll();
    const stored = getAccessToken();
    const original = server.adapter;
    const broken: AxiosAdapter = async (config) => {
      if (config.url?.endsWith('/token/refresh/')) {
        throw new axios.AxiosError('502', 'ERR_BAD_RESPONSE', config, {}, { status: 502, data: 'Bad gateway', statusText: '502', headers: {}, config });
      }
      return original(config);
    };
    apiClient.defaults.adapter = broken;
    axios.defaults.adapter = broken;
    let announced = 0;
    const stop = onSessionExpired(() => announced++);
    await expect(apiClient.get('/x/')).rejects.toMatchObject({ reason: 'server', status: 502 });
    stop();
    expect(announced).toBe(0);
    expect(getAccessToken()).toBe(stored);
  });

  it('uses the pair another tab obtained while this one waited, without spending the refresh token again', async () => {
    server.expireAll();
    const startedWith = getRefreshToken();
    // Another tab rotates the pair while this tab's request is on its way.
    const otherTab = server.issue();
    const original = server.adapter;
    let first = true;
    const racing: AxiosAdapter = async (config) => {
      const answer = original(config);
      if (first) {
        first = false;
        storeSession(otherTab.access, otherTab.refresh);
      }
      return answer;
    };
    apiClient.defaults.adapter = racing;
    axios.defaults.adapter = racing;
    const res = await apiClient.get<{ ok: boolean }>('/x/');
    expect(res.data.ok).toBe(true);
    expect(server.refreshCalls).toBe(0);
    expect(getRefreshToken()).toBe(otherTab.refresh);
    expect(server.refreshTokens.has(startedWith!)).toBe(true);
  });
});

describe('paginated lists', () => {
  it('follows next to the last page, calling it under /api', async () => {
    const seen: string[] = [];
    const pages: AxiosAdapter = async (config) => {
      seen.push(config.url!);
      const page = new URL(config.url!, 'http://host').searchParams.get('page') ?? '1';
      const data =
        page === '1'
          ? { count: 3, next: 'http://127.0.0.1:8080/api/books/my-scores/?page=2', previous: null, results: [1, 2] }
          : { count: 3, next: null, previous: 'http://127.0.0.1:8080/api/books/my-scores/', results: [3] };
      return { status: 200, data, statusText: '200', headers: {}, config, request: {} };
    };
    apiClient.defaults.adapter = pages;
    await expect(getAllPages<number>('/books/my-scores/')).resolves.toEqual([1, 2, 3]);
    expect(seen).toEqual(['/books/my-scores/', '/books/my-scores/?page=2']);
  });

  it('accepts a bare array', async () => {
    apiClient.defaults.adapter = async (config) => ({ status: 200, data: [{ id: 1 }], statusText: '200', headers: {}, config, request: {} });
    await expect(getAllPages('/books/my-scores/')).resolves.toEqual([{ id: 1 }]);
  });

  it('turns an absolute next link into a path under the API base', () => {
    expect(apiPathOf('https://lap.example/api/accounts/organizations/3/users/?page=4')).toBe('/accounts/organizations/3/users/?page=4');
  });

  it('turns a relative next link (the server without PUBLIC_URL) into a path under the API base', () => {
    expect(apiPathOf('/api/books/my-scores/?page=2&page_size=50')).toBe('/books/my-scores/?page=2&page_size=50');
  });
});
