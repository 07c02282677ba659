import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useOnlineStatus } from '../../../lib/online-status';
import {
  type Assignment,
  ASSIGNMENT_MESSAGES,
  assignmentsQueryOptions,
  type AssignmentWrite,
  useCreateAssignment,
  useUpdateAssignment,
  useWithdrawAssignment,
} from '../api/assignments';
import { organizationUsersQueryOptions } from '../api/organization-members';
import { AssignmentDialog, type BookChoice } from './assignment-dialog';

export type { BookChoice } from './assignment-dialog';

interface Message {
  severity: 'success' | 'error';
  text: string;
}

/** 'All members', or the names the assignment gives. */
const assignedTo = (assignment: Assignment) =>
  assignment.to_all ? 'All members' : assignment.members.map((member) => member.full_name || member.email).join(', ');

/**
 * The organization's assignments, for its admins and owner: each book with to whom, due date,
 * pass mark and note; 'Assign a book', 'Edit' and 'Withdraw'. Changes need the connection:
 * offline the list is the one last loaded and the buttons say so.
 */
export function AssignmentsCard({ organizationId, books }: { organizationId: number; books: readonly BookChoice[] | undefined }) {
  const id = useId();
  const online = useOnlineStatus();
  const assignments = useQuery(assignmentsQueryOptions(organizationId));
  const members = useQuery(organizationUsersQueryOptions(organizationId));
  const create = useCreateAssignment(organizationId);
  const update = useUpdateAssignment(organizationId);
  const withdraw = useWithdrawAssignment(organizationId);
  // undefined: no dialog; null: a new assignment; else the one being edited.
  const [editing, setEditing] = useState<Assignment | null | undefined>(undefined);
  const [withdrawing, setWithdrawing] = useState<Assignment | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const offlineNote = online ? undefined : `${id}-offline`;

  const onSave = async (body: AssignmentWrite) => {
    if (editing) {
      const { book: _book, ...changes } = body;
      await update.mutateAsync({ id: editing.id, changes });
      setMessage({ severity: 'success', text: ASSIGNMENT_MESSAGES.updated(editing.book_title) });
    } else {
      const saved = await create.mutateAsync(body);
      setMessage({ severity: 'success', text: ASSIGNMENT_MESSAGES.created(saved.book_title) });
    }
    setEditing(undefined);
  };

  const onWithdraw = async (assignment: Assignment) => {
    setMessage(null);
    try {
      await withdraw.mutateAsync(assignment);
      setMessage({ severity: 'success', text: ASSIGNMENT_MESSAGES.withdrawn(assignment.book_title) });
    } catch (error) {
      setMessage({ severity: 'error', text: messageOf(error, { fallback: ASSIGNMENT_MESSAGES.withdrawFailed }) });
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem' }}>
            Assignments
          </Typography>
          <Button
            variant="contained"
            disabled={!online}
            aria-describedby={offlineNote}
            onClick={() => {
              setMessage(null);
              setEditing(null);
            }}
          >
            Assign a book
          </Button>
        </Stack>
        {!online && (
          <Typography id={offlineNote} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {ASSIGNMENT_MESSAGES.offline}
          </Typography>
        )}
        {message && (
          <Alert severity={message.severity} role={message.severity === 'success' ? 'status' : 'alert'} onClose={() => setMessage(null)} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {assignments.isPending ? (
          <Typography role="status">Loading assignments...</Typography>
        ) : assignments.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void assignments.refetch()}>
                Retry
              </Button>
            }
          >
            {messageOf(assignments.error, { fallback: ASSIGNMENT_MESSAGES.fetchFailed })}
          </Alert>
        ) : assignments.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No books are assigned yet.</Typography>
        ) : (
          <>
            {!online && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                This is the list as last loaded ({formatDateTime(assignments.dataUpdatedAt)}).
              </Typography>
            )}
            <TableContainer tabIndex={0} role="region" aria-label="Assigned books (scrolls sideways)" sx={{ overflowX: 'auto', position: 'relative' }}>
              <Table size="small" aria-label="Assignments" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Book</TableCell>
                    <TableCell scope="col">Assigned to</TableCell>
                    <TableCell scope="col">Due date</TableCell>
                    <TableCell scope="col">Pass mark</TableCell>
                    <TableCell scope="col">Note</TableCell>
                    <TableCell scope="col">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {assignments.data.map((assignment) => (
                    <TableRow key={assignment.id}>
                      <TableCell component="th" scope="row">
                        {assignment.book_title}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{assignedTo(assignment)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{assignment.due_date ? formatDate(`${assignment.due_date}T00:00:00`) : 'No due date'}</TableCell>
                      <TableCell>{assignment.pass_mark}%</TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{assignment.note}</TableCell>
                      <TableCell>
                        <Box component="span" sx={{ display: 'inline-flex', gap: 1 }}>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={!online}
                            aria-describedby={offlineNote}
                            aria-label={`Edit the assignment of ${assignment.book_title}`}
                            onClick={() => {
                              setMessage(null);
                              setEditing(assignment);
                            }}
                          >
                            Edit
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            variant="outlined"
                            disabled={!online}
                            aria-describedby={offlineNote}
                            aria-label={`Withdraw the assignment of ${assignment.book_title}`}
                            onClick={() => setWithdrawing(assignment)}
                          >
                            Withdraw
                          </Button>
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </CardContent>
      {editing !== undefined && (
        <AssignmentDialog
          key={editing?.id ?? 'new'}
          open
          assignment={editing}
          books={books}
          members={members.data}
          onCancel={() => setEditing(undefined)}
          onSave={onSave}
        />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw assignment"
        message={ASSIGNMENT_MESSAGES.confirmWithdraw}
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && void onWithdraw(withdrawing)}
      />
    </Card>
  );
}
