/** The log mailer (no SMTP_URL): the operator finds each mail in the log, and its link readable on a line of its own. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../server/services/mail';

const LINK = 'http://127.0.0.1:8080/reset-password?token=abc-DEF_123';
const message = { to: 'resident@cityhospital.example', subject: 'Set a new password', text: `Hello,\n\nOpen this link:\n\n${LINK}\n\nThanks.` };

describe('the log mailer', () => {
  it('prints each mail as text, its link alone on a line, beside the JSON log entry', async () => {
    const lines: string[] = [];
    const printed: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    const mailer = createMailer({}, app.log, (text) => printed.push(text));
    expect(mailer.kind).toBe('log');
    await mailer.send(message);
    expect(printed.join('').split('\n')).toContain(LINK);
    expect(printed.join('')).toContain('To: resident@cityhospital.example');
    const entry = JSON.parse(lines[0]!) as { msg: string; mail: { text: string } };
    expect(entry.msg).toBe('Mail (SMTP_URL not set, not sent) to resident@cityhospital.example: Set a new password');
    expect(entry.mail.text).toContain(LINK);
    await app.close();
  });

  it('prints nothing when the log is silenced (LOG_LEVEL=warn or a test app)', async () => {
    const printed: string[] = [];
    const app = Fastify({ logger: { level: 'warn' } });
    await createMailer({}, app.log, (text) => printed.push(text)).send(message);
    expect(printed).toEqual([]);
    await app.close();
  });
});
