/**
 * A real SMTP server (smtp-server from npm) on a free loopback port, for tests of the mail the
 * app sends: it accepts one user (from the SMTP_URL it hands out) and keeps every message it
 * receives, decoded enough to read the text.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port` */
  url: string;
  received: ReceivedMail[];
  /** Waits until a message to `to` arrived, and answers it. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const USER = 'mailer';
const PASS = 'smtp-test-secret';

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
  return { from, to, subject: header('Subject'), text, raw };
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    received,
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(`No mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => m.to.join(',')).join('; ') || 'none'})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a password-reset mail. */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in:\n${mail.text}`);
  return link;
}
