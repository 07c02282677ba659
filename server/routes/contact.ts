/**
 * The contact form (issue 33): a visitor's message is checked with the contract's schema,
 * limited per client address, stored, answered, and only then mailed to the institute
 * (CONTACT_TO) through the one mailer: a mail that fails is logged and the message stays
 * listed for superusers, who read it under Messages and mark it handled.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTACT_TEXT, type ContactMessage, contactMessageSchema, contactMessageUpdateSchema, contactRequestSchema } from '../../src/contract/contact';
import { detailSchema, pageSchema } from '../../src/contract/fields';
import { canReadContactMessages } from '../../src/contract/permissions';
import { forbidden, notFound, tooManyRequests } from '../lib/errors';
import { pageOf, paginated } from '../lib/pagination';
import { pathId } from '../lib/route';
import { userOf } from '../plugins/auth';
import { type RequestLimit, take } from '../plugins/login-limiter';
import type { Mailer, MailMessage } from '../services/mail';
import { errors, json } from './schemas';

/** Messages one client address may send: enough for a hospital's shared address, too few to flood the inbox. */
export const CONTACT_LIMIT: RequestLimit = { points: 10, seconds: 60 * 60 };

export interface ContactRoutesOptions {
  mailer: Mailer;
}

const indianTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** The mail to the institute: the visitor's words, a Reply-To that answers them. */
export function contactMail(to: string, message: ContactMessage): MailMessage {
  // A name is one line in the subject, whatever was typed.
  const name = message.name.replace(/\s+/g, ' ');
  return {
    to,
    replyTo: message.email,
    subject: `Contact form: message from ${name}`,
    text: [
      'A visitor wrote through the contact form of the laparoscopy training platform.',
      '',
      `Name: ${name}`,
      `Email: ${message.email}`,
      `Sent: ${indianTime.format(new Date(message.created_at))} (India time)`,
      '',
      message.message,
      '',
      '(Reply to this mail to answer them. Superusers also find the message under Messages in the app.)',
    ].join('\n'),
  };
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, options) => {
  const { repos } = app;
  const { mailer } = options;
  const perAddress = app.requestLimiter('contact_ip', CONTACT_LIMIT);
  // Before the body is read: a caller who may not read messages learns that (403), not what a body lacks.
  const superusersOnly = async (request: FastifyRequest) => {
    if (!canReadContactMessages(userOf(request))) throw forbidden();
  };

  /** Mails a stored message; a failure is logged, the message stays stored (and unmarked as mailed). */
  async function deliver(message: ContactMessage, log: typeof app.log) {
    const to = app.config.contactTo;
    if (!to) {
      log.info({ contactMessage: message.id }, 'Contact message stored; CONTACT_TO is not set, so it is not mailed (superusers read it under Messages)');
      return;
    }
    try {
      await mailer.send(contactMail(to, message));
      // Written to the log (no SMTP_URL) is not delivered: the message stays marked as not mailed.
      if (mailer.kind === 'smtp') await repos.contactMessages.markMailed(message.id);
    } catch (error) {
      log.error({ err: error, contactMessage: message.id }, 'The contact message could not be mailed to CONTACT_TO; it is stored and listed under Messages');
    }
  }

  app.route({
    method: 'POST',
    url: '/contact/',
    config: { access: 'public' },
    schema: {
      summary: 'Send a message to the institute (stored, then mailed to CONTACT_TO); 10 an hour per client address',
      tags: ['contact'],
      body: contactRequestSchema,
      response: { 201: json('Received', detailSchema), 400: errors[400], 429: json('Too many messages from this address; see Retry-After', detailSchema) },
    },
    handler: async (request, reply) => {
      const wait = await take(perAddress, request.ip);
      if (wait) throw tooManyRequests(wait);
      const { name, email, message } = request.body;
      const stored = await repos.contactMessages.create({ name, email, message });
      // Mailed after answering: the visitor does not wait for the mail server, and its failure
      // cannot lose what is already stored.
      reply.raw.once('close', () => void deliver(stored, request.log));
      reply.code(201);
      return { detail: CONTACT_TEXT.success };
    },
  });

  app.route({
    method: 'GET',
    url: '/contact/messages/',
    schema: {
      summary: "The contact form's messages, newest first (superusers only)",
      tags: ['contact'],
      response: { 200: json('Messages', pageSchema(contactMessageSchema)), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    preValidation: superusersOnly,
    handler: async (request) => {
      const page = pageOf(request);
      const { count, rows } = await repos.contactMessages.list(page);
      return paginated(request, page, count, rows);
    },
  });

  app.route({
    method: 'PATCH',
    url: '/contact/messages/:messageId/',
    schema: {
      summary: 'Mark a message handled, or not handled again (superusers only)',
      tags: ['contact'],
      params: z.object({ messageId: pathId }),
      body: contactMessageUpdateSchema,
      response: { 200: json('The message', contactMessageSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    preValidation: superusersOnly,
    handler: async (request) => {
      const updated = await repos.contactMessages.setHandled(request.params.messageId, request.body.handled);
      if (!updated) throw notFound();
      return updated;
    },
  });
};
