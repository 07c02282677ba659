/**
 * Helpers of the books, reader and editor browser tests: demo accounts signed in through the
 * real API (the session is stored as the app stores it, so these tests do not depend on the
 * login screen), and API calls to arrange data.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'Endotrainer#2026';
export const DIRECTOR = 'director@institute.example';
export const FACULTY = 'faculty@institute.example';
export const LEARNER = 'learner@example.com';

export interface ApiSession {
  access: string;
  refresh: string;
  user: Record<string, unknown>;
}

/** Signs in through POST /api/accounts/login/ and decodes the user from the access token. */
export async function apiLogin(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await fetch(`${baseURL}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Login of ${email} failed: ${response.status} ${await response.text()}`);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const keys = ['user_id', 'email', 'full_name', 'organization_id', 'organization_name', 'organization_role', 'is_superuser', 'is_staff'];
  const user = Object.fromEntries(keys.map((key) => [key, claims[key] ?? null]));
  return { access, refresh, user };
}

/** Stores the session in the context's localStorage before the app's first script runs (once per tab). */
export async function signInContext(context: BrowserContext, session: ApiSession): Promise<void> {
  await context.addInitScript((stored) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('access_token', stored.access);
    window.localStorage.setItem('refresh_token', stored.refresh);
    window.localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
}

/** A JSON call to the API with the session's token. */
export async function api<T = unknown>(
  baseURL: string,
  session: ApiSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
}

/** Creates a book owned by the session's user (a superuser) and returns its id. */
export async function createBookViaApi(baseURL: string, session: ApiSession, title: string, extra: Record<string, string> = {}): Promise<number> {
  const { status, data } = await api<{ id: number }>(baseURL, session, 'POST', '/books/books/', {
    title,
    author: 'E2E author',
    description: 'Made by a browser test.',
    ...extra,
  });
  if (status !== 201) throw new Error(`Creating the book failed: ${status} ${JSON.stringify(data)}`);
  return data.id;
}

/** Collects page errors and console errors (the machine has no internet: external frames may fail). */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.text() + message.location().url;
    if (/youtube|vimeo|google\.com|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|net::ERR_ABORTED/.test(where)) return;
    problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** A PNG of the given size filled with noise (it does not compress, so uploads take a while when throttled). */
export async function noisyPng(width: number, height: number): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const { randomBytes } = await import('node:crypto');
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A small solid-colour PNG. */
export async function solidPng(width = 64, height = 48, background = '#336699'): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

const mp4Box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(payload.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

/** A minimal file the server recognises as MP4 (ftyp isom), with `mdatBytes` of payload. */
export function minimalMp4(mdatBytes: number): Buffer {
  const ftyp = mp4Box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]));
  return Buffer.concat([ftyp, mp4Box('free', Buffer.alloc(8)), mp4Box('mdat', Buffer.alloc(mdatBytes, 7))]);
}

/** Slows the page's uploads (bytes per second) so progress can be watched; `null` lifts the limit. */
export async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** expect.poll with a browser-sized timeout (uploads and saves go through the real server). */
export function eventually<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 100 });
}
