/**
 * Outgoing mail: password-reset links, and the contact form's messages to the institute.
 * SMTP_URL (e.g. `smtp://user:pass@mail.example:587`, `smtps://…:465`) configures the one SMTP
 * server used; MAIL_FROM the sender. Without SMTP_URL nothing is sent: the message is written to
 * the server log for the operator, like a console mail backend, so a fresh installation can
 * still reset a password.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, when not to the sender (the visitor who wrote through the contact form). */
  replyTo?: string;
}

export interface Mailer {
  /** 'smtp' or 'log': where messages go. */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Laparoscopy training platform <no-reply@localhost>';

/** A message as the operator reads it in a terminal. */
export function readableMail(from: string, message: MailMessage): string {
  const rule = '-'.repeat(72);
  return [rule, `Mail not sent (SMTP_URL is not set)`, `From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, rule, ''].join(
    '\n',
  );
}

/**
 * The mailer the environment asks for.
 * @param print where the log mailer writes each message as text (the server's standard output).
 */
export function createMailer(env: NodeJS.ProcessEnv, log: FastifyBaseLogger, print: (text: string) => void = (text) => process.stdout.write(text)): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  const url = env.SMTP_URL;
  if (!url) {
    return {
      kind: 'log',
      async send(message) {
        // Console mail backend: the operator reads the link in the log and passes it on. The
        // JSON line escapes the text's line breaks, so the mail is also printed as text, its
        // link on a line of its own.
        log.info({ mail: { from, ...message } }, `Mail (SMTP_URL not set, not sent) to ${message.to}: ${message.subject}`);
        if (['trace', 'debug', 'info'].includes(log.level)) print(readableMail(from, message));
      },
    };
  }
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
