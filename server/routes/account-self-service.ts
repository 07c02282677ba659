/**
 * Account self-service (issue 14): 'Forgot password?' (a single-use link by email, valid for
 * one hour, the same answer whether or not the address has an account), the reset itself
 * (every sign-in of the account ended), profile edits, and a password change that needs the
 * current password and ends every other sign-in (this device gets a fresh pair). Either new
 * password also voids the reset links sent before it (users.signOutEverywhere).
 * What is cheap is checked before a new password is hashed: limits, the link, the rules.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordRequestSchema,
  INVALID_RESET_LINK,
  RESET_LINK_VALID,
  resetLinkCheckSchema,
  PASSWORD_CHANGED,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_LIFETIME_SECONDS,
  passwordChangedSchema,
  profileSchema,
  profileUpdateRequestSchema,
  RESET_PASSWORD_PATH,
  resetPasswordRequestSchema,
  WRONG_CURRENT_PASSWORD,
} from '../../src/contract/account';
import { detailSchema } from '../../src/contract/fields';
import { toSessionClaims } from '../../src/contract/session-claims';
import { fieldErrors, HttpError, tooManyRequests } from '../lib/errors';
import { hashPassword, passwordProblems, verifyPassword } from '../lib/passwords';
import { userOf } from '../plugins/auth';
import type { AccountUser } from '../repositories/users';
import { createMailer, type Mailer } from '../services/mail';
import { take } from '../plugins/login-limiter';
import { errors, json } from './schemas';

/** Forgotten-password requests: per address and per client IP (kept where the login limits are: Redis with REDIS_URL). */
export const FORGOT_LIMITS = { perEmail: { points: 3, seconds: 60 * 60 }, perIp: { points: 10, seconds: 15 * 60 } };

export interface AccountSelfServiceOptions {
  /** Tests pass their own; otherwise SMTP_URL / MAIL_FROM from the environment (see services/mail.ts). */
  mailer?: Mailer;
  /** The PWA's address in links; PUBLIC_URL, else the server's own address. */
  publicUrl?: string;
}

function resetMail(user: AccountUser, link: string) {
  return {
    to: user.email,
    subject: 'Set a new password for the laparoscopy training platform',
    text: [
      `Hello ${user.full_name || user.email},`,
      '',
      'Someone (we hope you) asked to set a new password for your account. Open this link to choose one:',
      '',
      link,
      '',
      'The link works once, for 1 hour. Setting a new password signs you out on every device.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

const profileOf = (user: AccountUser) => ({
  id: user.user_id,
  ...toSessionClaims(user),
  bio: user.bio,
  phone_number: user.phone_number,
  date_joined: user.date_joined,
});

export const accountSelfServiceRoutes: FastifyPluginAsyncZod<AccountSelfServiceOptions> = async (app, options) => {
  const { repos, sessions } = app;
  const mailer = options.mailer ?? createMailer(process.env, app.log);
  const host = app.config.host === '0.0.0.0' || app.config.host === '::' ? '127.0.0.1' : app.config.host;
  // Never the request's Host header: a forged one would send the victim a link to another site.
  const linkBase = () => {
    const configured = options.publicUrl ?? process.env.PUBLIC_URL;
    if (configured) return configured.replace(/\/+$/, '');
    // PORT=0 picks a free port: the one actually listened on.
    const address = app.server.address();
    return `http://${host}:${address && typeof address === 'object' ? address.port : app.config.port}`;
  };
  const sendResetLink = async (email: string) => {
    const found = await repos.users.findForLogin(email);
    if (!found?.user.is_active) return;
    const token = randomBytes(32).toString('base64url');
    await repos.passwordResets.create(found.user, token, PASSWORD_RESET_LIFETIME_SECONDS);
    await mailer.send(resetMail(found.user, `${linkBase()}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`));
  };
  const perEmail = app.requestLimiter('forgot_email', FORGOT_LIMITS.perEmail);
  const perIp = app.requestLimiter('forgot_ip', FORGOT_LIMITS.perIp);

  app.route({
    method: 'POST',
    url: '/accounts/password/forgot/',
    config: { access: 'public' },
    schema: {
      summary: 'Email a single-use link to set a new password (same answer whether or not the address has an account)',
      tags: ['accounts'],
      body: forgotPasswordRequestSchema,
      response: { 200: json('Accepted', detailSchema), 400: errors[400], 429: json('Too many requests; see Retry-After', detailSchema) },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const wait = Math.max(await take(perIp, request.ip), await take(perEmail, body.email));
      if (wait) throw tooManyRequests(wait);
      // Everything about the address happens once the answer is sent: the answer is the same
      // work, and takes as long, whether or not an account uses it.
      reply.raw.once('close', () => {
        sendResetLink(body.email).catch((error: unknown) => request.log.error({ err: error }, 'The password-reset link could not be sent'));
      });
      return { detail: FORGOT_PASSWORD_ANSWER };
    },
  });

  /** The active account a reset link is for, while the link is unused, unexpired and no newer password came in; else null. */
  const linkOwner = async (token: string) => {
    const link = await repos.passwordResets.find(token);
    const user = link && (await repos.users.sessionUser(link.user_id));
    return link && user?.is_active && user.session_epoch === link.session_epoch ? user : null;
  };

  app.route({
    method: 'POST',
    url: '/accounts/password/reset/check/',
    config: { access: 'public' },
    onRequest: async (request) => app.loginLimiter.refuseIfSpent('resetPerIp', request.ip),
    schema: {
      summary: 'Whether an emailed reset link still works, before a new password is typed (uses nothing up)',
      tags: ['accounts'],
      body: resetLinkCheckSchema,
      response: { 200: json('The link works', detailSchema), 400: errors[400], 429: json('Too many refused links; see Retry-After', detailSchema) },
    },
    handler: async (request) => {
      // Counted like a use of the link: guessing links here is limited as it is on the reset.
      const attempt = await app.loginLimiter.resetAttempt(request.ip);
      if (!(await linkOwner(request.body.token))) throw fieldErrors({ token: [INVALID_RESET_LINK] });
      await attempt.succeeded();
      return { detail: RESET_LINK_VALID };
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/password/reset/',
    config: { access: 'public' },
    onRequest: async (request) => app.loginLimiter.refuseIfSpent('resetPerIp', request.ip),
    schema: {
      summary: 'Set a new password with the emailed link (ends every sign-in of the account)',
      tags: ['accounts'],
      body: resetPasswordRequestSchema,
      response: { 200: json('Password changed', detailSchema), 400: errors[400], 429: json('Too many refused links; see Retry-After', detailSchema) },
    },
    handler: async (request) => {
      const { body } = request;
      if (body.password !== body.password2) throw fieldErrors({ password2: ['Passwords do not match.'] });
      const attempt = await app.loginLimiter.resetAttempt(request.ip);
      // The link and the rules first: a made-up link never costs a hash.
      const user = await linkOwner(body.token);
      if (!user) throw fieldErrors({ token: [INVALID_RESET_LINK] });
      const problems = passwordProblems(body.password, { email: user.email, full_name: user.full_name });
      if (problems.length) throw fieldErrors({ password: problems });
      const password_hash = await hashPassword(body.password);
      const done = await repos.transaction(async (tx) => {
        // The link is used up here, once, and only if no new password came in meanwhile.
        const used = await tx.passwordResets.consume(body.token);
        const current = used && (await tx.users.sessionUser(used.user_id));
        if (!used || !current?.is_active || current.session_epoch !== used.session_epoch) return false;
        await tx.users.update(used.user_id, { password_hash });
        await tx.users.signOutEverywhere(used.user_id);
        return true;
      });
      if (!done) throw fieldErrors({ token: [INVALID_RESET_LINK] });
      await attempt.succeeded();
      return { detail: PASSWORD_RESET_DONE };
    },
  });

  app.route({
    method: 'PATCH',
    url: '/accounts/profile/',
    schema: {
      summary: "Correct one's full name, bio and phone number",
      tags: ['accounts'],
      body: profileUpdateRequestSchema,
      response: { 200: json('The updated profile', profileSchema), 400: errors[400], 401: errors[401] },
    },
    handler: async (request) => {
      const { body } = request;
      const user = userOf(request);
      await repos.users.update(user.user_id, { full_name: body.full_name, bio: body.bio, phone_number: body.phone_number });
      const updated = await repos.users.sessionUser(user.user_id);
      if (!updated) throw new HttpError(401, { detail: 'User not found.' });
      return profileOf(updated);
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/password/change/',
    schema: {
      summary: 'Change the password (current one required); every other sign-in is ended, this one gets a new pair',
      tags: ['accounts'],
      body: changePasswordRequestSchema,
      response: {
        200: json('Changed; the new tokens of this device', passwordChangedSchema),
        400: errors[400],
        401: errors[401],
        429: json('Too many wrong current passwords in this session; see Retry-After', detailSchema),
      },
    },
    handler: async (request) => {
      const { body } = request;
      const user = userOf(request);
      // Wrong current passwords are limited per session (a stolen, unlocked device is not a free
      // guess), not by the login limits: a stolen access token must not lock the owner out.
      const attempt = await app.loginLimiter.passwordCheck(request.sessionId ?? `user:${user.user_id}`);
      const found = await repos.users.findForLogin(user.email);
      if (!found || !(await verifyPassword(body.current_password, found.passwordHash))) throw fieldErrors({ current_password: [WRONG_CURRENT_PASSWORD] });
      await attempt.succeeded();
      const problems: Record<string, string[]> = {};
      if (body.password !== body.password2) problems.password2 = ['Passwords do not match.'];
      const passwordIssues = passwordProblems(body.password, { email: user.email, full_name: user.full_name });
      if (passwordIssues.length) problems.password = passwordIssues;
      if (Object.keys(problems).length) throw fieldErrors(problems);
      const password_hash = await hashPassword(body.password);
      const session_epoch = await repos.transaction(async (tx) => {
        await tx.users.update(user.user_id, { password_hash });
        return tx.users.signOutEverywhere(user.user_id);
      });
      return { detail: PASSWORD_CHANGED, ...(await sessions.issue({ ...user, session_epoch })) };
    },
  });
};
