import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient, apiPathOf, getAllPages } from '../../../src/lib/api-client';
import { ApiError } from '../../../src/lib/api-error';
import { httpClient, refreshAccessToken } from '../../../src/lib/http-client';
import { getAccessToken, getRefreshToken, getStoredUser, onSessionExpired, storeSession } from '../../../src/lib/session';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object, expiresIn = 600) => `${b64({ alg: 'HS256' })}.${b64({ user_id: 7, email: 'r@x.example', full_name: 'Résident', exp: Math.floor(Date.now() / 1000) + expiresIn, ...claims })}.sig`;

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
  httpClient.defaults.adapter = server.adapter;
  axios.defaults.adapter = server.adapter;
  const { access, refresh } = server.issue();
  storeSession(access, refresh);
});
afterEach(() => {
  httpClient.defaults.adapter = undefined;
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
    httpClient.defaults.adapter = alwaysRefused;
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
    httpClient.defaults.adapter = offlineRefresh;
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
      throw new axios.AxiosError('400', 'ERR_BAD_REQUEST', config, {}, { status: 400, data: { title: ['This field is required.'] }, statusText: '400', headers: {}, config });
    };
    httpClient.defaults.adapter = refusing;
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
    httpClient.defaults.adapter = broken;
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
    httpClient.defaults.adapter = racing;
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
    httpClient.defaults.adapter = pages;
    await expect(getAllPages<number>('/books/my-scores/')).resolves.toEqual([1, 2, 3]);
    expect(seen).toEqual(['/books/my-scores/', '/books/my-scores/?page=2']);
  });

  it('accepts a bare array', async () => {
    httpClient.defaults.adapter = async (config) => ({ status: 200, data: [{ id: 1 }], statusText: '200', headers: {}, config, request: {} });
    await expect(getAllPages('/books/my-scores/')).resolves.toEqual([{ id: 1 }]);
  });

  it('turns an absolute next link into a path under the API base', () => {
    expect(apiPathOf('https://lap.example/api/accounts/organizations/3/users/?page=4')).toBe('/accounts/organizations/3/users/?page=4');
  });
});


describe("the starter's early reads (lib/early-reads)", () => {
  let sent: string[];
  const answer = (body: unknown) => Promise.resolve({ status: 200, body: JSON.stringify(body), headers: [['content-type', 'application/json']] as [string, string][] });
  const early = (path: string, read: Promise<unknown>, authorization = `Bearer ${getAccessToken()}`) => {
    window.__earlyReads = { ...window.__earlyReads, [path]: { authorization, answer: read as never } };
  };
  beforeEach(() => {
    sent = [];
    httpClient.defaults.adapter = (config) => {
      sent.push(config.url ?? '');
      return server.adapter(config);
    };
  });
  afterEach(() => {
    delete window.__earlyReads;
  });

  it("answers a GET with the starter's answer, parsed as JSON, once; the next GET goes to the server", async () => {
    early('/books/books/', answer([{ id: 1, title: 'Sutures' }]));
    const first = await apiClient.get('/books/books/');
    expect(first.data).toEqual([{ id: 1, title: 'Sutures' }]);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json');
    expect(sent).toEqual([]);
    expect((await apiClient.get('/books/books/')).data).toEqual({ ok: true, url: '/books/books/' });
    expect(sent).toEqual(['/books/books/']);
  });

  it('asks the server when the read was sent with another token (the session was refreshed since)', async () => {
    early('/books/books/', answer(['stale']), 'Bearer an-older-token');
    expect((await apiClient.get('/books/books/')).data).toEqual({ ok: true, url: '/books/books/' });
    expect(sent).toEqual(['/books/books/']);
    expect(window.__earlyReads).toEqual({});
  });

  it('asks the server when the read failed or was not a 200, so an expired token is refreshed as usual', async () => {
    server.expireAll();
    early('/books/books/', Promise.resolve(null));
    expect((await apiClient.get('/books/books/')).data).toEqual({ ok: true, url: '/books/books/' });
    expect(server.refreshCalls).toBe(1);
    expect(sent).toEqual(['/books/books/', '/books/books/']);
  });

  it("asks the server once the request's timeout has passed without an answer", async () => {
    early('/accounts/profile/', new Promise(() => undefined));
    expect((await apiClient.get('/accounts/profile/', { timeout: 50 })).data).toEqual({ ok: true, url: '/accounts/profile/' });
    expect(sent).toEqual(['/accounts/profile/']);
  });

  it('is cancelled with the request', async () => {
    early('/books/books/', new Promise(() => undefined));
    const controller = new AbortController();
    const request = apiClient.get('/books/books/', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ message: 'canceled' });
    expect(sent).toEqual([]);
  });

  it('asks the server when the answer is not JSON (a proxy\'s page)', async () => {
    early('/books/books/', Promise.resolve({ status: 200, body: '<html>Portal login</html>', headers: [['content-type', 'text/html']] }));
    expect((await apiClient.get('/books/books/')).data).toEqual({ ok: true, url: '/books/books/' });
    expect(sent).toEqual(['/books/books/']);
  });

  it('leaves other reads alone: another path, a query, a write', async () => {
    early('/books/books/', answer(['early']));
    await apiClient.get('/books/books/', { params: { page: 2 } });
    await apiClient.post('/books/books/', { title: 'x' });
    await apiClient.get('/books/books/1/');
    expect(sent).toEqual(['/books/books/', '/books/books/', '/books/books/1/']);
    expect((await apiClient.get('/books/books/')).data).toEqual(['early']);
  });
});

// Last in the file: it loads the client's modules afresh.
describe('a signed-in page\'s first reads', () => {
  afterEach(() => {
    delete window.__earlyReads;
  });

  it('are answered from the starter without loading axios: its module loads with the first request sent to the server', async () => {
    vi.resetModules();
    let imported = 0;
    vi.doMock('../../../src/lib/http-client', async (importOriginal) => {
      imported++;
      return importOriginal();
    });
    try {
      const fresh = await import('../../../src/lib/api-client');
      window.__earlyReads = { '/books/books/': { authorization: `Bearer ${getAccessToken()}`, answer: Promise.resolve({ status: 200, body: '[{"id":1}]', headers: [] }) } };
      expect((await fresh.apiClient.get('/books/books/')).data).toEqual([{ id: 1 }]);
      expect(imported).toBe(0);
      // The fresh client is created with axios's defaults: the fake server's adapter.
      expect((await fresh.apiClient.get('/books/books/1/')).data).toEqual({ ok: true, url: '/books/books/1/' });
      expect(imported).toBe(1);
    } finally {
      vi.doUnmock('../../../src/lib/http-client');
    }
  });

  it("fail as a request without a network (reason 'network') when axios's code cannot be downloaded, and load it at the next request", async () => {
    vi.resetModules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let reachable = false;
    vi.doMock('../../../src/lib/http-client', async (importOriginal) => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const fresh = await import('../../../src/lib/api-client');
      const { ApiError: FreshApiError } = await import('../../../src/lib/api-error');
      const failure = await fresh.apiClient.post('/books/quizzes/1/scores/', {}).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FreshApiError);
      expect(failure).toMatchObject({ reason: 'network', message: 'Network Error' });
      expect(warn).toHaveBeenCalledWith('Could not load the API client', expect.any(Error));
      reachable = true;
      expect((await fresh.apiClient.get('/books/books/1/')).data).toEqual({ ok: true, url: '/books/books/1/' });
    } finally {
      vi.doUnmock('../../../src/lib/http-client');
      warn.mockRestore();
    }
  });
});
