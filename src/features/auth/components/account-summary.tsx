import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../../lib/session';

/** The organization as the dashboard names it: its name, or 'ID {id}' when the name is missing (SPEC §2). */
export function organizationLabel(user: Pick<SessionUser, 'organization_id' | 'organization_name'>): string | null {
  if (user.organization_id == null) return null;
  return user.organization_name || `ID ${user.organization_id}`;
}

/** The dashboard's welcome line: full name or else email, the organization and the user's role in it. */
export function AccountSummary({ user }: { user: SessionUser }) {
  const organization = organizationLabel(user);
  return (
    <Box>
      <Typography sx={{ fontSize: '1.2rem', fontWeight: 650 }}>{`Welcome, ${user.full_name || user.email}!`}</Typography>
      {organization && (
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          Organization: <strong>{organization}</strong>
          {user.organization_role && (
            <>
              {' · '}Your role: <strong>{user.organization_role}</strong>
            </>
          )}
        </Typography>
      )}
    </Box>
  );
}
