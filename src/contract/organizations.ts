/** Organization members (SPEC §3 "Organization member", §7 member calls). */
import { z } from './zod';
import { emailSchema, ORGANIZATION_ROLES } from './session';

export const organizationMemberSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  role_in_organization: z.enum(ORGANIZATION_ROLES),
  organization_membership_id: z.number().int(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/** Roles an admin may give when adding a member (SPEC §9). */
export const ASSIGNABLE_ROLES = ['member', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** POST /accounts/organizations/{id}/add-member/. */
export const addMemberSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(ASSIGNABLE_ROLES),
});
export type AddMember = z.input<typeof addMemberSchema>;

export const addedMemberSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), full_name: z.string() }),
  role: z.enum(ASSIGNABLE_ROLES),
});
export type AddedMember = z.infer<typeof addedMemberSchema>;
