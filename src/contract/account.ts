/**
 * Account self-service (issue 14): forgotten password, reset by an emailed link, profile edit
 * and password change. The server validates these bodies; the PWA's types come from them.
 */
import { z } from './zod';
import { optionalText } from './fields';
import { emailSchema, profileSchema } from './session';

/** How long a reset link works. */
export const PASSWORD_RESET_LIFETIME_SECONDS = 60 * 60;

/** The PWA's page a reset link opens: `/reset-password?token=…`. */
export const RESET_PASSWORD_PATH = '/reset-password';

const password = z.string().min(1).max(128);

/** POST /accounts/password/forgot/ */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The one answer to a forgotten-password request, whether or not an account uses the address. */
export const FORGOT_PASSWORD_ANSWER = 'If an account uses this address, we have sent it a link to set a new password. The link works for 1 hour, once.';

/** POST /accounts/password/reset/ */
const resetToken = z.string().min(1).max(200);
export const resetPasswordRequestSchema = z.strictObject({ token: resetToken, password, password2: password });
/** Whether a reset link still works, asked when its page opens (before a new password is typed). */
export const resetLinkCheckSchema = z.strictObject({ token: resetToken });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const RESET_LINK_VALID = 'This link is valid: choose a new password.';
export const INVALID_RESET_LINK = 'This link is invalid, was already used or has expired. Ask for a new one with “Forgot password?”.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. You can now log in with it.';

/** PATCH /accounts/profile/: the fields a person may correct about themselves. */
export const profileUpdateRequestSchema = z.strictObject({
  full_name: z.string().trim().min(1).max(150),
  bio: optionalText(2000),
  phone_number: optionalText(32).refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{5,30}$/.test(v), 'Enter a valid phone number.'),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;
export { profileSchema };

/** POST /accounts/password/change/ */
export const changePasswordRequestSchema = z.strictObject({ current_password: password, password, password2: password });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The answer to a password change: this device's new sign-in (every other one was ended). */
export const passwordChangedSchema = z.object({ detail: z.string(), access: z.string(), refresh: z.string() });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

export const PASSWORD_CHANGED = 'Your password has been changed. You were signed out on every other device.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
