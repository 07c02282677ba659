/**
 * TRUST_PROXY (issue 32, point 10): the client address is read from the right of
 * X-Forwarded-For, past the trusted proxies only, so a client that writes its own entries into
 * the header (a proxy appends to it) cannot choose the address its login failures count against.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { call, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../helpers/server-app';

const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';
let forgedSeq = 0;
const forged = () => `198.51.${Math.floor(++forgedSeq / 250)}.${forgedSeq % 250}`;

/** A login as the proxy forwards it: the client's own header, with the address the proxy saw appended. */
const loginThroughProxy = (t: TestApp, email: string, password: string, chain: string) =>
  call(t, 'POST', '/api/accounts/login/', { ip: PROXY, headers: { 'x-forwarded-for': chain }, body: { email, password } });

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('locks out 60 wrong passwords whose forged left-most X-Forwarded-For entries all differ', { timeout: 120_000 }, async () => {
    await createUser(t, { email: 'target@proxy.example' });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await loginThroughProxy(t, 'target@proxy.example', `guess-${i}`, `${forged()}, ${CLIENT}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    // The right password from that client is refused too while the lock lasts …
    expect((await loginThroughProxy(t, 'target@proxy.example', TEST_PASSWORD, `${forged()}, ${CLIENT}`)).statusCode).toBe(429);
    // … and works from another client behind the same proxy.
    expect((await loginThroughProxy(t, 'target@proxy.example', TEST_PASSWORD, '192.0.2.44')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
  });
  afterAll(() => t?.close());

  it('takes the first address from the right that is not a trusted proxy', async () => {
    await createUser(t, { email: 'chain@proxy.example' });
    const statuses: number[] = [];
    // Two proxies (10.1.2.3 in front of 127.0.0.1): the client is the entry before them.
    for (let i = 0; i < 7; i++) statuses.push((await loginThroughProxy(t, 'chain@proxy.example', `guess-${i}`, `${forged()}, ${CLIENT}, 10.1.2.3`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await loginThroughProxy(t, 'chain@proxy.example', TEST_PASSWORD, '192.0.2.45, 10.1.2.3')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    await createUser(t, { email: 'direct@proxy.example' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call(t, 'POST', '/api/accounts/login/', {
            ip: '192.0.2.99',
            headers: { 'x-forwarded-for': forged() },
            body: { email: 'direct@proxy.example', password: `guess-${i}` },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('TRUST_PROXY values', () => {
  const load = (value: string) => loadConfig({ DATA_DIR: '/tmp/lap-trust-proxy-config', SECRET_KEY: 'k'.repeat(32), TRUST_PROXY: value });

  it('takes a number of hops, or addresses and CIDR ranges', () => {
    expect(load('0').trustProxy).toBe(false);
    expect(load('2').trustProxy).toBe(2);
    expect(load('10.0.0.1, 192.168.0.0/16,::1,loopback').trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['true', 'yes', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.internal']) expect(() => load(value), value).toThrow(ConfigError);
    expect(() => load('true')).toThrow(/TRUST_PROXY/);
  });
});
