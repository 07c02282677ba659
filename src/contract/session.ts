/** The signed-in user as the access token carries it (SPEC §3 "User session"). */
import { z } from './zod';
import { optionalText } from './fields';
import { normalizeEmail } from './email';
import { ORGANIZATION_ROLES } from './roles';

export { ORGANIZATION_ROLES, type OrganizationRole } from './roles';

export const sessionUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  organization_role: z.enum(ORGANIZATION_ROLES).nullable(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** An account's email address (registration, adding a member, createsuperuser). */
export const emailSchema = z.string().overwrite(normalizeEmail).max(254).pipe(z.email());

/** The email typed at login: any non-blank text (an unknown one is the same 401 as a wrong password). */
export const loginEmailSchema = z.string().overwrite(normalizeEmail).min(1).max(254);

/** POST /accounts/login/. */
export const loginRequestSchema = z.strictObject({ email: loginEmailSchema, password: z.string().min(1).max(128) });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The answer to a login or a token refresh. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /accounts/token/refresh/ and /accounts/logout/. */
export const refreshRequestSchema = z.strictObject({ refresh: z.string().min(1).max(4096) });

/** POST /accounts/register/: an individual account, or one that owns a new organization. */
export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(128),
  password2: z.string().min(1).max(128),
  full_name: z.string().trim().min(1).max(150),
  bio: optionalText(2000),
  phone_number: optionalText(32).refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{5,30}$/.test(v), 'Enter a valid phone number.'),
  organization_name: z.string().trim().min(1).max(200).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** GET /accounts/profile/: the session user with the account's own fields. */
export const profileSchema = sessionUserSchema.extend({ id: z.number().int(), bio: z.string(), phone_number: z.string(), date_joined: z.string() });
export type Profile = z.infer<typeof profileSchema>;

/** The answer to a registration: signed up and signed in. */
export const registeredSchema = z.object({ user: sessionUserSchema, access: z.string(), refresh: z.string() });
