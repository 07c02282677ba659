/** Organization members (SPEC §3 "Organization member", §7 member calls). */
import { z } from './zod';
import { idSchema } from './fields';
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

/** What add-member answers, whether or not an account uses the address: the invitation is the same either way. */
export const invitationSentSchema = z.object({
  detail: z.string(),
  invitation: z.object({ id: z.number().int(), email: z.string(), role: z.enum(ASSIGNABLE_ROLES), created_at: z.string() }),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** 'Invitation sent to {email}.': the admin's confirmation, with no name until the person accepts. */
export const invitationSentText = (email: string) => `Invitation sent to ${email}.`;

/** A pending invitation as the organization's admins see it: the address and role, never a name. */
export const pendingInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  created_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** An invitation as the invited person sees it on their dashboard. */
export const myInvitationSchema = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  role: z.enum(ASSIGNABLE_ROLES),
  created_at: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;

/** POST /accounts/organizations/{id}/transfer-ownership/: the admin's membership who becomes the owner. */
export const transferOwnershipSchema = z.strictObject({ membership_id: idSchema });
export type TransferOwnership = z.infer<typeof transferOwnershipSchema>;

/** POST /accounts/invitations/{id}/answer/: true joins the organization, false declines. */
export const invitationAnswerSchema = z.strictObject({ accept: z.boolean() });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
