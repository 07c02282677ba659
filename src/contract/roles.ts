/**
 * Organization roles, in a module without zod: lib/session reads them on every page, and a
 * visitor's first visit should not load zod. contract/session.ts re-exports them.
 */
export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
