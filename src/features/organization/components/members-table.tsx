import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '@mui/utils';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { OrganizationMember } from '../api/organization-members';

/**
 * Below 600 px each member is a block of labelled lines instead of a row (the Remove button
 * stays in view on a phone); from 600 px it is a plain table.
 */
const stackOnPhones = (theme: Theme) => ({
  [theme.breakpoints.up('sm')]: { minWidth: 620, '& td, & th': { whiteSpace: 'nowrap' } },
  [theme.breakpoints.down('sm')]: {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    '& td': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 2,
      border: 0,
      py: 0.5,
      px: 1,
      overflowWrap: 'anywhere',
      textAlign: 'right',
      '&::before': { content: 'attr(data-label)', fontWeight: 600, color: theme.palette.text.secondary, flexShrink: 0, textAlign: 'left' },
    },
  },
});

const ROLE_COLOURS: Record<string, 'primary' | 'secondary' | 'default'> = { owner: 'primary', admin: 'secondary' };

/** The members table of SPEC §2: #, Full Name, Email, Role (a badge), Actions. */
export function MembersTable({
  members,
  currentUserId,
  canRemove,
  removing,
  onRemove,
  canMakeOwner = () => false,
  onMakeOwner,
}: {
  members: OrganizationMember[];
  currentUserId: number;
  /** Whether the server would allow removing this member (no Remove on the owner's or one's own row). */
  canRemove: (member: OrganizationMember) => boolean;
  /** Membership ids whose removal is in progress. */
  removing: ReadonlySet<number>;
  onRemove: (member: OrganizationMember) => void;
  /** Whether the signed-in owner may hand the organization to this member (an admin). */
  canMakeOwner?: (member: OrganizationMember) => boolean;
  onMakeOwner?: (member: OrganizationMember) => void;
}) {
  return (
    // On a phone the table scrolls sideways inside the card (focusable, so keys can scroll it).
    <TableContainer tabIndex={0} role="region" aria-label="Member list (scrolls sideways)" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Organization members" sx={stackOnPhones}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Full Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member, index) => {
            const busy = removing.has(member.organization_membership_id);
            return (
              <TableRow key={member.organization_membership_id} aria-busy={busy || undefined}>
                <TableCell data-label="#">{index + 1}</TableCell>
                <TableCell data-label="Full Name">{member.full_name}</TableCell>
                <TableCell data-label="Email">{member.email}</TableCell>
                <TableCell data-label="Role">
                  <Chip size="small" label={member.role_in_organization} color={ROLE_COLOURS[member.role_in_organization.toLowerCase()] ?? 'default'} />
                </TableCell>
                <TableCell data-label="Actions">
                  {member.id === currentUserId ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                      Yourself
                    </Typography>
                  ) : !canRemove(member) ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      <span aria-hidden="true">—</span>
                      <Box component="span" sx={visuallyHidden}>
                        No actions
                      </Box>
                    </Typography>
                  ) : (
                    <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
                      {canMakeOwner(member) && onMakeOwner && (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={busy}
                          aria-label={`Make ${member.email} the owner`}
                          onClick={() => onMakeOwner(member)}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          Make owner
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        disabled={busy}
                        aria-label={busy ? `Removing ${member.email}` : `Remove ${member.email}`}
                        onClick={() => onRemove(member)}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {busy ? 'Removing...' : 'Remove'}
                      </Button>
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
