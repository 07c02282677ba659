import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { canVerifyRepetitions } from '../../../contract/permissions';
import type { MemberDrill } from '../../../contract/practice';
import { formatSeconds, proficiencyText } from '../../../contract/practice-rules';
import { messageOf } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import type { MemberProgress } from '../api/progress';
import { type Repetition, useVerifyRepetition } from '../api/verify-repetition';

export const PRACTICE_TEXT = {
  title: 'Endotrainer practice',
  none: 'No practice yet.',
  verifyOffline: 'Verifying a repetition needs a connection.',
  verifyFailed: 'Could not verify the repetition.',
} as const;

/**
 * A member's practice (issue 37): per drill the proficiency state and every repetition, newest
 * first, with its time, penalties, score and pass; the organization's admins verify a repetition
 * they watched.
 */
export function MemberPractice({ organizationId, progress }: { organizationId: number; progress: MemberProgress }) {
  const user = useStoredUser();
  const canVerify = canVerifyRepetitions(user, organizationId, progress.member.id);
  return (
    <Stack component="section" aria-label={PRACTICE_TEXT.title} spacing={2} sx={{ mt: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
        {PRACTICE_TEXT.title}
      </Typography>
      {progress.drills.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{PRACTICE_TEXT.none}</Typography>
      ) : (
        progress.drills.map((drill) => (
          <DrillPractice
            key={drill.drill}
            drill={drill}
            organizationId={organizationId}
            userId={progress.member.id}
            membershipId={progress.membership_id}
            canVerify={canVerify}
          />
        ))
      )}
    </Stack>
  );
}

function DrillPractice({
  drill,
  organizationId,
  userId,
  membershipId,
  canVerify,
}: {
  drill: MemberDrill;
  organizationId: number;
  userId: number;
  membershipId: number;
  canVerify: boolean;
}) {
  const id = useId();
  const online = useOnlineStatus();
  const verify = useVerifyRepetition(organizationId, userId, membershipId);
  const { proficiency } = drill;
  return (
    <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.25rem', fontWeight: 650 }}>
            {drill.name}
          </Typography>
          {proficiency.proficient_at && <Chip size="small" color="success" variant="outlined" label="Proficient" />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Target {drill.target_seconds} s ·{' '}
          {proficiency.proficient_at ? (
            <>
              Proficient since <time dateTime={proficiency.proficient_at}>{formatDate(proficiency.proficient_at)}</time>
            </>
          ) : (
            proficiencyText(proficiency)
          )}
        </Typography>
        {verify.isError && (
          <Alert severity="error" onClose={() => verify.reset()} sx={{ mb: 2 }}>
            {messageOf(verify.error, { fallback: PRACTICE_TEXT.verifyFailed, offline: PRACTICE_TEXT.verifyOffline })}
          </Alert>
        )}
        {canVerify && !online && (
          <Typography id={`${id}-offline`} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {PRACTICE_TEXT.verifyOffline}
          </Typography>
        )}
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={`Repetitions of ${drill.name} (scrolls sideways)`}
          sx={{ overflowX: 'auto', position: 'relative' }}
        >
          <Table size="small" aria-label={`Repetitions of ${drill.name}`} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Date</TableCell>
                <TableCell scope="col">Time</TableCell>
                <TableCell scope="col">Penalties</TableCell>
                <TableCell scope="col">Score</TableCell>
                <TableCell scope="col">Result</TableCell>
                <TableCell scope="col">Verified</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {drill.repetitions.map((repetition) => (
                <TableRow key={repetition.id}>
                  <TableCell component="th" scope="row">
                    <time dateTime={repetition.performed_at}>{formatDateTime(repetition.performed_at)}</time>
                  </TableCell>
                  <TableCell>{formatSeconds(repetition.time_ms)}</TableCell>
                  <TableCell>{penaltiesText(repetition)}</TableCell>
                  <TableCell>{formatSeconds(repetition.score_ms)}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={repetition.passed ? 'success' : 'default'} label={repetition.passed ? 'Pass' : 'Not yet'} />
                  </TableCell>
                  <TableCell>
                    {repetition.verified_by ? (
                      `Verified by ${repetition.verified_by.full_name}`
                    ) : canVerify ? (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={!online || verify.isPending}
                        aria-describedby={online ? undefined : `${id}-offline`}
                        onClick={() => verify.mutate(repetition.id)}
                      >
                        {verify.isPending && verify.variables === repetition.id ? 'Verifying...' : 'Verify'}
                      </Button>
                    ) : (
                      'Not verified'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

/** 'Peg dropped outside the field ×2 +20 s; Gap in the loop +10 s', or 'None'. */
function penaltiesText(repetition: Repetition): string {
  if (repetition.penalties.length === 0) return 'None';
  return repetition.penalties.map(({ label, seconds, count }) => `${label}${count > 1 ? ` ×${count}` : ''} +${seconds * count} s`).join('; ');
}
