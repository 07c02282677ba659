import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ASSIGNMENT_STATUSES, type AssignmentStatus, assignmentStatusLabels, PROGRESS_PAGE_SIZE } from '../../../contract/progress-rules';
import { canManageMembers } from '../../../contract/permissions';
import { ApiError, messageOf } from '../../../lib/api-error';
import { RetryAlert } from '../../../components/retry-alert';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import {
  downloadProgressCsv,
  type ProgressCsvFormat,
  PROGRESS_SORT_LABELS,
  type ProgressSearch,
  type ProgressSort,
  progressPageQueryOptions,
} from '../api/progress';
import { ProgressTable } from './progress-table';

export const PROGRESS_TEXT = {
  title: 'Progress',
  lastSynced: "Last synced is when this member's device last sent results; work done offline appears after it syncs.",
  forbidden: 'You do not have permission to view this page.',
  loading: 'Loading progress...',
  offline: 'You are offline: the progress view loads when the connection returns.',
  failed: 'Could not load the progress.',
  noAssignments: 'No books are assigned yet: assign one on the dashboard.',
  noMembers: 'No members match this filter.',
  downloadFailed: 'Could not download the CSV file.',
  downloadOffline: 'You are offline: downloading the CSV files needs a connection.',
} as const;

const membersText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/**
 * The organization's progress view for its admins and owner (and superusers, for any
 * organization): filter by status, order, pages of members, and the CSV downloads of what the
 * filter shows (a row per member; a row per repetition of practice). `search` comes from the
 * page's URL; `onSearchChange` writes it back there.
 */
export function ProgressPage({
  organizationId,
  search,
  onSearchChange,
}: {
  organizationId: number;
  search: ProgressSearch;
  onSearchChange: (search: ProgressSearch) => void;
}) {
  const user = useStoredUser();
  const allowed = canManageMembers(user, organizationId);
  const organizationName = user?.organization_id === organizationId && user.organization_name ? user.organization_name : `organization ${organizationId}`;
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`Progress — ${organizationName}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1 }}>
        {PROGRESS_TEXT.title}
      </Typography>
      {allowed ? (
        <ProgressView organizationId={organizationId} organizationName={organizationName} search={search} onSearchChange={onSearchChange} />
      ) : (
        <Alert severity="error">{PROGRESS_TEXT.forbidden}</Alert>
      )}
    </Container>
  );
}

function ProgressView({
  organizationId,
  organizationName,
  search,
  onSearchChange,
}: {
  organizationId: number;
  organizationName: string;
  search: ProgressSearch;
  onSearchChange: (search: ProgressSearch) => void;
}) {
  const id = useId();
  const online = useOnlineStatus();
  const download = useMutation({ mutationFn: (format: ProgressCsvFormat) => downloadProgressCsv(organizationId, organizationName, search.status, format) });
  const downloadButton = (format: ProgressCsvFormat, label: string) => (
    <Button
      variant="outlined"
      disabled={!online || download.isPending}
      aria-describedby={online ? undefined : `${id}-csv-offline`}
      onClick={() => download.mutate(format)}
      sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
    >
      {download.isPending && download.variables === format ? 'Downloading...' : label}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>{PROGRESS_TEXT.lastSynced}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="Status"
          value={search.status ?? ''}
          onChange={(e) => onSearchChange({ ...search, status: (e.target.value || undefined) as AssignmentStatus | undefined, page: 1 })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <option value="">All</option>
          {ASSIGNMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {assignmentStatusLabels[status]}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={search.sort}
          onChange={(e) => onSearchChange({ ...search, sort: e.target.value as ProgressSort, page: 1 })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          {Object.entries(PROGRESS_SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        {downloadButton('csv', 'Download CSV')}
        {downloadButton('practice_csv', 'Download practice CSV')}
      </Stack>
      {!online && (
        <Typography id={`${id}-csv-offline`} variant="body2" sx={{ color: 'text.secondary' }}>
          {PROGRESS_TEXT.downloadOffline}
        </Typography>
      )}
      {download.isError && (
        <Alert severity="error" onClose={() => download.reset()}>
          {messageOf(download.error, { fallback: PROGRESS_TEXT.downloadFailed, offline: PROGRESS_TEXT.downloadOffline })}
        </Alert>
      )}
      <ProgressResults organizationId={organizationId} search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}

function ProgressResults({
  organizationId,
  search,
  onSearchChange,
}: {
  organizationId: number;
  search: ProgressSearch;
  onSearchChange: (search: ProgressSearch) => void;
}) {
  const online = useOnlineStatus();
  const query = useQuery(progressPageQueryOptions(organizationId, search));
  if (query.isPending) return online ? <Typography role="status">{PROGRESS_TEXT.loading}</Typography> : <Alert severity="info">{PROGRESS_TEXT.offline}</Alert>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.reason === 'forbidden') return <Alert severity="error">{PROGRESS_TEXT.forbidden}</Alert>;
    return (
      <RetryAlert onRetry={() => void query.refetch()}>{messageOf(query.error, { fallback: PROGRESS_TEXT.failed, offline: PROGRESS_TEXT.offline })}</RetryAlert>
    );
  }
  const page = query.data;
  const pages = Math.max(1, Math.ceil(page.count / PROGRESS_PAGE_SIZE));
  return (
    <Stack spacing={2} aria-busy={query.isPlaceholderData || undefined}>
      <Typography>{membersText(page.count)}</Typography>
      {page.assignments.length === 0 && <Alert severity="info">{PROGRESS_TEXT.noAssignments}</Alert>}
      {page.results.length === 0 ? <Typography>{PROGRESS_TEXT.noMembers}</Typography> : <ProgressTable organizationId={organizationId} page={page} />}
      {pages > 1 && (
        <Stack component="nav" aria-label="Pages of members" direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          <Button variant="outlined" disabled={page.previous === null || search.page <= 1} onClick={() => onSearchChange({ ...search, page: search.page - 1 })}>
            Previous
          </Button>
          <Typography>
            Page {search.page} of {pages}
          </Typography>
          <Button variant="outlined" disabled={page.next === null} onClick={() => onSearchChange({ ...search, page: search.page + 1 })}>
            Next
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
