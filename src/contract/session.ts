/** The signed-in user as the access token carries it (SPEC §3 "User session"). */
import { z } from 'zod';

export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

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
