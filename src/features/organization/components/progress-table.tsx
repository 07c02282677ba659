import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import { RouterLink } from '../../../components/router-link';
import type { PracticeCell } from '../../../contract/practice';
import { proficiencyText } from '../../../contract/practice-rules';
import { type AssignmentStatus, assignmentStatusLabels } from '../../../contract/progress-rules';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatPercentage } from '../../../lib/percent';
import type { ProgressCell, ProgressPage } from '../api/progress';

const STATUS_COLOURS: Record<AssignmentStatus, 'default' | 'info' | 'success' | 'error'> = {
  not_started: 'default',
  in_progress: 'info',
  done: 'success',
  overdue: 'error',
};

/** The status as its words; the colour only repeats them. */
export function StatusLabel({ status }: { status: AssignmentStatus }) {
  return <Chip size="small" variant="outlined" label={assignmentStatusLabels[status]} color={STATUS_COLOURS[status]} />;
}

/** '—' to the eye, 'none' to a screen reader. */
export function Nothing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <Box component="span" sx={visuallyHidden}>
        none
      </Box>
    </>
  );
}

/** A 'YYYY-MM-DD' due date as the product writes dates. */
export const formatDueDate = (dueDate: string) => formatDate(`${dueDate}T00:00:00`);

const CELL_HEADINGS = ['Chapters read', 'Attempts', 'Best %', 'Last activity', 'Status'] as const;
const DRILL_HEADINGS = ['Proficiency', 'Repetitions', 'Verified', 'Last practice'] as const;

/**
 * One row per member (their name links to their detail), 'Last synced', then a column group per
 * assigned book: chapters read 'x / y', attempts, best %, last activity and the status in words;
 * then a column group per practice drill (issue 37): the proficiency state, repetitions, how many
 * of them were verified, and the last practice. It scrolls sideways inside its region on a small
 * screen.
 */
export function ProgressTable({ organizationId, page }: { organizationId: number; page: ProgressPage }) {
  return (
    // Positioned, so the cells' visually hidden words (absolutely placed) scroll with the table instead of widening the page.
    <TableContainer tabIndex={0} role="region" aria-label="Members' progress (scrolls sideways)" sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-label="Members' progress" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col" rowSpan={2}>
              Member
            </TableCell>
            <TableCell scope="col" rowSpan={2}>
              Email
            </TableCell>
            <TableCell scope="col" rowSpan={2}>
              Last synced
            </TableCell>
            {page.assignments.map((assignment) => (
              <TableCell key={assignment.id} scope="colgroup" colSpan={CELL_HEADINGS.length} align="center" sx={{ borderLeft: 1, borderColor: 'divider' }}>
                {assignment.book_title}
                {assignment.due_date && ` (due ${formatDueDate(assignment.due_date)})`}
              </TableCell>
            ))}
            {page.drills.map((drill) => (
              <TableCell
                key={`drill-${drill.id}`}
                scope="colgroup"
                colSpan={DRILL_HEADINGS.length}
                align="center"
                sx={{ borderLeft: 1, borderColor: 'divider' }}
              >
                {drill.name} (target {drill.target_seconds} s)
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            {page.assignments.flatMap((assignment) =>
              CELL_HEADINGS.map((heading, index) => (
                <TableCell key={`${assignment.id}-${heading}`} scope="col" sx={index === 0 ? { borderLeft: 1, borderColor: 'divider' } : undefined}>
                  {heading}
                </TableCell>
              )),
            )}
            {page.drills.flatMap((drill) =>
              DRILL_HEADINGS.map((heading, index) => (
                <TableCell key={`drill-${drill.id}-${heading}`} scope="col" sx={index === 0 ? { borderLeft: 1, borderColor: 'divider' } : undefined}>
                  {heading}
                </TableCell>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {page.results.map((row) => (
            <TableRow key={row.member.id}>
              <TableCell component="th" scope="row">
                <RouterLink
                  to="/organization/$orgId/progress/$userId"
                  params={{ orgId: organizationId, userId: row.member.id }}
                  aria-label={`${row.member.full_name || row.member.email}: details`}
                >
                  {row.member.full_name || row.member.email}
                </RouterLink>
              </TableCell>
              <TableCell>{row.member.email}</TableCell>
              <TableCell>{row.last_synced ? <time dateTime={row.last_synced}>{formatDateTime(row.last_synced)}</time> : 'Never'}</TableCell>
              {page.assignments.map((assignment) => {
                const cell = row.books.find((book) => book.assignment === assignment.id);
                return cell ? (
                  <ProgressCells key={assignment.id} cell={cell} />
                ) : (
                  <TableCell key={assignment.id} colSpan={CELL_HEADINGS.length} sx={{ borderLeft: 1, borderColor: 'divider', color: 'text.secondary' }}>
                    Not assigned
                  </TableCell>
                );
              })}
              {page.drills.map((drill) => {
                const cell = row.drills.find((practice) => practice.drill === drill.id);
                return cell ? (
                  <PracticeCells key={`drill-${drill.id}`} cell={cell} />
                ) : (
                  <TableCell key={`drill-${drill.id}`} colSpan={DRILL_HEADINGS.length} sx={{ borderLeft: 1, borderColor: 'divider', color: 'text.secondary' }}>
                    No practice
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ProgressCells({ cell }: { cell: ProgressCell }) {
  return (
    <>
      <TableCell sx={{ borderLeft: 1, borderColor: 'divider' }}>
        {cell.chapters_read} / {cell.chapter_count}
      </TableCell>
      <TableCell>{cell.attempts}</TableCell>
      <TableCell>{cell.best_percentage === null ? <Nothing /> : formatPercentage(cell.best_percentage)}</TableCell>
      <TableCell>{cell.last_activity ? <time dateTime={cell.last_activity}>{formatDateTime(cell.last_activity)}</time> : <Nothing />}</TableCell>
      <TableCell>
        <StatusLabel status={cell.status} />
      </TableCell>
    </>
  );
}

/** 'Proficient' once the rule is met, else how far the member is ('1 of 2 consecutive passes, 0 of 10 further passes'). */
function PracticeCells({ cell }: { cell: PracticeCell }) {
  return (
    <>
      <TableCell sx={{ borderLeft: 1, borderColor: 'divider' }}>
        {cell.proficiency.proficient_at ? <Chip size="small" color="success" variant="outlined" label="Proficient" /> : proficiencyText(cell.proficiency)}
      </TableCell>
      <TableCell>{cell.repetitions}</TableCell>
      <TableCell>{cell.verified}</TableCell>
      <TableCell>{cell.last_practice ? <time dateTime={cell.last_practice}>{formatDateTime(cell.last_practice)}</time> : <Nothing />}</TableCell>
    </>
  );
}
