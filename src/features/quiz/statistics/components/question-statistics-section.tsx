import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RetryAlert } from '../../../../components/retry-alert';
import type { QuestionStatistics, QuizStatistics } from '../../../../contract/progress';
import { formatDateTime } from '../../../../lib/dates';
import { useOnlineStatus } from '../../../../lib/online-status';
import { formatPercentage } from '../../../../lib/percent';
import { quizStatisticsQueryOptions } from '../api/get-quiz-statistics';

export const QUESTION_STATISTICS_TEXT = {
  title: 'Question statistics',
  empty: 'No attempts yet.',
  offline: 'Question statistics need a connection.',
  failed: 'Could not load the question statistics.',
  versionLabel: 'Quiz version',
  review: 'Review',
} as const;

type Version = QuizStatistics['versions'][number];

/** A figure that does not exist: a dash on screen, words for a screen reader. */
function NoFigure({ words }: { words: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <Box component="span" sx={visuallyHidden}>
        {words}
      </Box>
    </>
  );
}

/**
 * The quiz editor's 'Question statistics' section for the book's owner and superusers: per quiz
 * version with attempts (the newest by default), each question's attempts, % correct, %
 * unanswered, discrimination and most chosen wrong answer; a question to review says 'Review'
 * and why, in words. Collapsed at first; the statistics load when it is opened (they need a
 * connection, and are worked out over every attempt on the server).
 */
export function QuestionStatisticsSection({ bookId }: { bookId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const statistics = useQuery({ ...quizStatisticsQueryOptions(bookId), enabled: open });
  const online = useOnlineStatus();

  let body;
  if (statistics.data) body = <StatisticsBody statistics={statistics.data} />;
  else if (!online || statistics.fetchStatus === 'paused') body = null;
  else if (statistics.isError) body = <RetryAlert onRetry={() => void statistics.refetch()}>{QUESTION_STATISTICS_TEXT.failed}</RetryAlert>;
  else
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="Loading question statistics" />
      </Box>
    );

  return (
    <Accordion expanded={open} onChange={(_, expanded) => setOpen(expanded)} sx={{ mt: 4 }} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-panel`} id={`${id}-summary`}>
        <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.15rem' }}>
          {QUESTION_STATISTICS_TEXT.title}
        </Typography>
      </AccordionSummary>
      {/* MUI makes the details a region named by the summary, with the summary's aria-controls as its id. */}
      <AccordionDetails>
        {(!online || statistics.fetchStatus === 'paused') && (
          <Alert severity="info" sx={{ mb: statistics.data ? 2 : 0 }}>
            {QUESTION_STATISTICS_TEXT.offline}
          </Alert>
        )}
        {body}
      </AccordionDetails>
    </Accordion>
  );
}

function StatisticsBody({ statistics }: { statistics: QuizStatistics }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const versions = statistics.versions;
  if (versions.length === 0) return <Typography>{QUESTION_STATISTICS_TEXT.empty}</Typography>;
  // The newest version with attempts, unless the author chose another one that is still listed.
  const version = versions.find((v) => v.version === chosen) ?? versions[0]!;
  return (
    <>
      <TextField
        select
        label={QUESTION_STATISTICS_TEXT.versionLabel}
        value={version.version}
        onChange={(e) => setChosen(Number(e.target.value))}
        size="small"
        sx={{ minWidth: 280, mb: 1.5 }}
      >
        {versions.map((v) => (
          <MenuItem key={v.version} value={v.version}>
            {versionLabel(v)}
          </MenuItem>
        ))}
      </TextField>
      <VersionSummary version={version} />
      <QuestionTable version={version} />
    </>
  );
}

const versionLabel = (v: Version) => `Version ${v.version} · ${v.attempts} attempt${v.attempts === 1 ? '' : 's'} · ${formatDateTime(v.created_at)}`;

/** How many attempts the figures rest on; attempts stored without their answers (old records) are in none of them. */
function VersionSummary({ version }: { version: Version }) {
  const withAnswers = version.questions[0]?.attempts ?? 0;
  const without = version.attempts - withAnswers;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
      {`${version.attempts} attempt${version.attempts === 1 ? '' : 's'} of version ${version.version}.`}
      {without > 0 &&
        ` ${without} of them ${without === 1 ? 'was' : 'were'} recorded without answers and ${without === 1 ? 'is' : 'are'} not in the figures below.`}{' '}
      Discrimination compares the top and the bottom 27 % of attempts by score (from −1 to 1; under 0.2 separates them poorly).
    </Typography>
  );
}

function QuestionTable({ version }: { version: Version }) {
  return (
    <TableContainer tabIndex={0} aria-label={`Question statistics of version ${version.version}`} sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Question</TableCell>
            <TableCell align="right">Attempts</TableCell>
            <TableCell align="right">% correct</TableCell>
            <TableCell align="right">% unanswered</TableCell>
            <TableCell align="right">Discrimination</TableCell>
            <TableCell>Most chosen wrong answer</TableCell>
            <TableCell>Review</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {version.questions.map((q) => (
            <QuestionRow key={q.question} question={q} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function QuestionRow({ question: q }: { question: QuestionStatistics }) {
  return (
    <TableRow sx={q.flagged ? { '& > *': { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) } } : undefined}>
      <TableCell component="th" scope="row" sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
        {q.text}
      </TableCell>
      <TableCell align="right">{q.attempts}</TableCell>
      <TableCell align="right">{formatPercentage(q.percent_correct)}</TableCell>
      <TableCell align="right">{formatPercentage(q.percent_unanswered)}</TableCell>
      <TableCell align="right">{q.discrimination === null ? <NoFigure words="too few attempts" /> : q.discrimination.toFixed(2)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {q.most_chosen_wrong ? (
          `${q.most_chosen_wrong.option} (${q.most_chosen_wrong.count}×)`
        ) : (
          <NoFigure words={q.type === 'single-choice' || q.type === 'multiple-choice' ? 'no wrong answer chosen' : 'not a choice question'} />
        )}
      </TableCell>
      <TableCell>
        {q.flagged ? (
          <>
            <Typography component="strong" variant="body2" sx={{ fontWeight: 700 }}>
              {QUESTION_STATISTICS_TEXT.review}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {q.flag_reasons.map((reason) => (
                <Typography component="li" variant="body2" key={reason}>
                  {reason}
                </Typography>
              ))}
            </Box>
          </>
        ) : (
          <NoFigure words="no review needed" />
        )}
      </TableCell>
    </TableRow>
  );
}
