/**
 * The settings this branch adds to the environment: SCORE_POST_LIMIT (score posts per user in
 * 10 minutes, 0 for none) and PUBLIC_URL (the address in paginated links and reset mail). An
 * invalid value stops start-up with a message naming the variable, as every other setting does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lap-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(40), ...env });

it('defaults to 300 score posts per user in 10 minutes and no public address', () => {
  expect(load({})).toMatchObject({ scorePostLimit: 300, publicUrl: undefined });
});

it('takes a public address without its trailing slash, and 0 for no score-post limit', () => {
  expect(load({ PUBLIC_URL: 'https://learn.institute.example/', SCORE_POST_LIMIT: '0' })).toMatchObject({
    scorePostLimit: 0,
    publicUrl: 'https://learn.institute.example',
  });
});

it.each([
  ['PUBLIC_URL', 'learn.institute.example'],
  ['PUBLIC_URL', 'javascript:alert(1)'],
  ['SCORE_POST_LIMIT', '-1'],
  ['SCORE_POST_LIMIT', 'many'],
])('stops start-up on %s=%s, naming it', (name, value) => {
  expect(() => load({ [name]: value })).toThrow(ConfigError);
  expect(() => load({ [name]: value })).toThrow(new RegExp(`${name}:`));
});
