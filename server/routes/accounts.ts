import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldErrors, HttpError, type FieldErrors } from '../lib/errors';
import { getDecoyHash, hashPassword, passwordProblems, verifyPassword } from '../lib/passwords';
import { defineRoute } from '../lib/route';
import { optionalText } from '../lib/validation';
import { userOf } from '../plugins/auth';
import { isUniqueViolation } from '../repositories/db-errors';
import { toSessionClaims } from '../repositories/users';
import { detailSchema, errors, sessionUserSchema, tokenPairSchema } from './schemas';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const registerSchema = z.strictObject({
  email,
  password: z.string().min(1).max(128),
  password2: z.string().min(1).max(128),
  full_name: z.string().trim().min(1).max(150),
  bio: optionalText(2000),
  phone_number: optionalText(32).refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{5,30}$/.test(v), 'Enter a valid phone number.'),
  organization_name: z.string().trim().min(1).max(200).optional(),
});

export const loginSchema = z.strictObject({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128) });
const refreshSchema = z.strictObject({ refresh: z.string().min(1).max(4096) });

export const SAME_LOGIN_FAILURE = 'No active account found with the given credentials';

/** The account rules shared by registration and the createsuperuser command. */
export function registrationProblems(input: { email: string; password: string; password2?: string; full_name: string }): FieldErrors {
  const problems: FieldErrors = {};
  if (input.password2 !== undefined && input.password !== input.password2) problems.password2 = ['Passwords do not match.'];
  const passwordIssues = passwordProblems(input.password, { email: input.email, full_name: input.full_name });
  if (passwordIssues.length) problems.password = passwordIssues;
  return problems;
}

export async function accountRoutes(app: FastifyInstance) {
  const { repos, sessions } = app;

  defineRoute(app, {
    method: 'POST',
    url: '/accounts/register/',
    summary: 'Create an account (individual, or with an organization it owns)',
    tag: 'accounts',
    access: 'public',
    body: registerSchema,
    responses: { 201: { description: 'Signed up and signed in', schema: z.object({ user: sessionUserSchema, access: z.string(), refresh: z.string() }) }, 400: errors[400] },
    handler: async (_request, reply, body) => {
      const problems = registrationProblems(body);
      if (await repos.users.findByEmail(body.email)) problems.email = ['A user with this email already exists.'];
      if (Object.keys(problems).length) throw fieldErrors(problems);
      const password_hash = await hashPassword(body.password);
      let userId: number;
      try {
        userId = await app.db.kysely.transaction().execute(async (trx) => {
          const user = await repos.users.create(
            { email: body.email, password_hash, full_name: body.full_name, bio: body.bio, phone_number: body.phone_number, is_superuser: 0, is_staff: 0, is_active: 1 },
            trx,
          );
          if (body.organization_name) await repos.organizations.create(body.organization_name, user.id, trx);
          return user.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldErrors({ email: ['A user with this email already exists.'] });
        throw error;
      }
      const user = (await repos.users.sessionUser(userId))!;
      reply.code(201);
      return { user: toSessionClaims(user), ...(await sessions.issue(user)) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/accounts/login/',
    summary: 'Sign in with email and password',
    tag: 'accounts',
    access: 'public',
    body: loginSchema,
    responses: {
      200: { description: 'Access and refresh tokens', schema: tokenPairSchema },
      400: errors[400],
      401: { description: 'Wrong email or password (one message for both)', schema: detailSchema },
      429: { description: 'Too many failed attempts; see Retry-After', schema: detailSchema },
    },
    handler: async (request, _reply, body) => {
      const address = body.email.trim().toLowerCase();
      await app.loginLimiter.check(request.ip, address);
      const user = await repos.users.findByEmail(address);
      // Unknown emails are checked against a decoy hash: the answer takes as long either way.
      const valid = await verifyPassword(body.password, user?.password_hash ?? (await getDecoyHash()));
      if (!user || !valid || !user.is_active) {
        await app.loginLimiter.failed(request.ip, address);
        throw new HttpError(401, { detail: SAME_LOGIN_FAILURE });
      }
      await app.loginLimiter.succeeded(request.ip, address);
      return sessions.issue((await repos.users.sessionUser(user.id))!);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/accounts/token/refresh/',
    summary: 'Exchange a refresh token for a new pair (the old refresh token is rotated out)',
    tag: 'accounts',
    access: 'public',
    body: refreshSchema,
    responses: { 200: { description: 'A new access and refresh token', schema: tokenPairSchema }, 400: errors[400], 401: errors[401] },
    handler: async (_request, _reply, body) => sessions.rotate(body.refresh),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/accounts/logout/',
    summary: 'End the sign-in the refresh token belongs to',
    tag: 'accounts',
    access: 'public',
    body: refreshSchema,
    responses: { 200: { description: 'Signed out', schema: detailSchema }, 400: errors[400] },
    handler: async (_request, _reply, body) => {
      if (!(await sessions.revoke(body.refresh))) throw new HttpError(400, { detail: 'Token is invalid or expired.' });
      return { detail: 'Signed out.' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/accounts/profile/',
    summary: 'The signed-in user',
    tag: 'accounts',
    responses: {
      200: {
        description: 'Profile',
        schema: sessionUserSchema.extend({ id: z.number().int(), bio: z.string(), phone_number: z.string(), date_joined: z.string() }),
      },
      401: errors[401],
    },
    handler: async (request) => {
      const user = userOf(request);
      return { id: user.user_id, ...toSessionClaims(user), bio: user.bio, phone_number: user.phone_number, date_joined: user.date_joined };
    },
  });
}
