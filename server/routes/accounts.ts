import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, profileSchema, refreshRequestSchema, registeredSchema, registerRequestSchema, tokenPairSchema } from '../../src/contract/session';
import { toSessionClaims } from '../../src/contract/session-claims';
import { detailSchema } from '../../src/contract/fields';
import { fieldErrors, HttpError } from '../lib/errors';
import { getDecoyHash, hashPassword, registrationProblems, verifyPassword } from '../lib/passwords';
import { userOf } from '../plugins/auth';
import { isUniqueViolation } from '../repositories/db-errors';
import { errors, json } from './schemas';

export const SAME_LOGIN_FAILURE = 'No active account found with the given credentials';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, sessions } = app;

  app.route({
    method: 'POST',
    url: '/accounts/register/',
    config: { access: 'public' },
    onRequest: async (request) => app.loginLimiter.refuseIfSpent('registerPerIp', request.ip),
    schema: {
      summary: 'Create an account (individual, or with an organization it owns)',
      tags: ['accounts'],
      body: registerRequestSchema,
      response: {
        201: json('Signed up and signed in', registeredSchema),
        400: errors[400],
        429: json('Too many registrations from this address; see Retry-After', detailSchema),
      },
    },
    handler: async (request, reply) => {
      const { body } = request;
      // Every registration counts, 'already exists' included: each one costs a hash, and the
      // answers tell which addresses have accounts.
      await app.loginLimiter.register(request.ip);
      const problems = registrationProblems(body);
      if (await repos.users.findByEmail(body.email)) problems.email = ['A user with this email already exists.'];
      if (Object.keys(problems).length) throw fieldErrors(problems);
      const password_hash = await hashPassword(body.password);
      let userId: number;
      try {
        userId = await repos.transaction(async (tx) => {
          const user = await tx.users.create({
            email: body.email,
            password_hash,
            full_name: body.full_name,
            bio: body.bio,
            phone_number: body.phone_number,
            is_superuser: 0,
            is_staff: 0,
            is_active: 1,
          });
          if (body.organization_name) await tx.organizations.create(body.organization_name, user.id);
          return user.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldErrors({ email: ['A user with this email already exists.'] });
        throw error;
      }
      const user = await repos.users.sessionUser(userId);
      if (!user) throw new Error('The new account could not be read back.');
      reply.code(201);
      return { user: toSessionClaims(user), ...(await sessions.issue(user)) };
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/login/',
    config: { access: 'public' },
    schema: {
      summary: 'Sign in with email and password',
      tags: ['accounts'],
      body: loginRequestSchema,
      response: {
        200: json('Access and refresh tokens', tokenPairSchema),
        400: errors[400],
        401: json('Wrong email or password (one message for both)', detailSchema),
        429: json('Too many failed attempts; see Retry-After', detailSchema),
      },
    },
    handler: async (request) => {
      const { body } = request;
      // The attempt takes its points before the (slow) password check, so concurrent guesses
      // cannot outrun the limits; only a success gives them back (plugins/login-limiter.ts).
      const attempt = await app.loginLimiter.begin(request.ip, body.email);
      const found = await repos.users.findForLogin(body.email);
      // Unknown emails are checked against a decoy hash: the answer takes as long either way.
      const valid = await verifyPassword(body.password, found?.passwordHash ?? (await getDecoyHash()), attempt.checkStarts);
      if (!found || !valid || !found.user.is_active) throw new HttpError(401, { detail: SAME_LOGIN_FAILURE });
      await attempt.succeeded();
      return sessions.issue(found.user);
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/token/refresh/',
    config: { access: 'public' },
    schema: {
      summary: 'Exchange a refresh token for a new pair (the old refresh token is rotated out)',
      tags: ['accounts'],
      body: refreshRequestSchema,
      response: { 200: json('A new access and refresh token', tokenPairSchema), 400: errors[400], 401: errors[401] },
    },
    handler: async (request) => sessions.rotate(request.body.refresh),
  });

  app.route({
    method: 'POST',
    url: '/accounts/logout/',
    config: { access: 'public' },
    schema: {
      summary: 'End the sign-in the refresh token belongs to',
      tags: ['accounts'],
      body: refreshRequestSchema,
      response: { 200: json('Signed out', detailSchema), 400: errors[400] },
    },
    handler: async (request) => {
      const { body } = request;
      if (!(await sessions.revoke(body.refresh))) throw new HttpError(400, { detail: 'Token is invalid or expired.' });
      return { detail: 'Signed out.' };
    },
  });

  app.route({
    method: 'GET',
    url: '/accounts/profile/',
    schema: {
      summary: 'The signed-in user',
      tags: ['accounts'],
      response: { 200: json('Profile', profileSchema), 401: errors[401] },
    },
    handler: async (request) => {
      const user = userOf(request);
      return { id: user.user_id, ...toSessionClaims(user), bio: user.bio, phone_number: user.phone_number, date_joined: user.date_joined };
    },
  });
};
