/**
 * The /review page (issue 36): how many questions are due, now and by book; 'Start review' runs
 * up to 20 due cards, oldest due first, each with the quiz's own question component, an optional
 * 'Not sure' and 'Check'. The review is written to IndexedDB (deck and outbox) before the
 * feedback shows, so 'Next' never loses it; a summary ends the session.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { QuestionView } from '../../../components/question/question-view';
import { isAnswerCorrect, isEmptyAnswer, shuffled, type AnswerValue, type MatchPair, type Question } from '../../../contract/quiz';
import { dueCards, ratingOf, type ReviewRating } from '../../../contract/review';
import { db } from '../../../lib/db';
import { useOnlineStatus } from '../../../lib/online-status';
import { writeReview } from '../db/deck';
import { resolveCards } from '../db/review-questions';
import { dueText, useDeck } from '../use-deck';

export interface ReviewPageProps {
  userId: number;
  /** Only this book's cards (?book=). */
  bookId?: number;
  /** Random source of the shuffles (tests). */
  random?: () => number;
}

interface SessionCard {
  quiz: number;
  question: Question;
  /** Match: the right column; reorder: the starting order. */
  shuffle?: string[];
}

type Phase =
  | { kind: 'overview' }
  | { kind: 'starting' }
  | { kind: 'session'; cards: SessionCard[]; index: number; ratings: ReviewRating[]; notOnDevice: number; retired: number }
  | { kind: 'summary'; ratings: ReviewRating[] };

/** The answer as the contract grades it: a match's pairs in the author's order. */
function gradedAnswer(question: Question, draft: AnswerValue | undefined): AnswerValue | undefined {
  if (question.type !== 'match-the-following' || !Array.isArray(draft)) return draft;
  const pairs = draft as MatchPair[];
  return question.answer.map((p) => pairs.find((given) => given.left === p.left) ?? { left: p.left, right: '' });
}

function canCheck(question: Question, draft: AnswerValue | undefined): boolean {
  if (question.type === 'match-the-following')
    return Array.isArray(draft) && question.left.every((left) => (draft as MatchPair[]).some((p) => p.left === left && p.right));
  return !isEmptyAnswer(draft);
}

/** 'Reviewed 5: 3 right, 2 again' */
export function summaryText(ratings: readonly ReviewRating[]): string {
  const again = ratings.filter((r) => r === 'again').length;
  return `Reviewed ${ratings.length}: ${ratings.length - again} right, ${again} again`;
}

export function ReviewPage({ userId, bookId, random }: ReviewPageProps) {
  const deck = useDeck(userId);
  const online = useOnlineStatus();
  const [phase, setPhase] = useState<Phase>({ kind: 'overview' });

  if (!deck) return <Typography role="status">Loading your review cards...</Typography>;

  const inScope = bookId === undefined ? deck.cards : deck.cards.filter((c) => c.book === bookId);
  const due = deck.due.filter((c) => bookId === undefined || c.book === bookId);
  const retired = inScope.filter((c) => c.retired).length;

  const start = async () => {
    setPhase({ kind: 'starting' });
    const chosen = dueCards(inScope, new Date(), { book: bookId });
    const resolved = await resolveCards(db, userId, chosen, online);
    const cards: SessionCard[] = [];
    for (const entry of resolved) {
      if (!('question' in entry)) continue;
      const { question } = entry;
      const shuffle =
        question.type === 'match-the-following'
          ? shuffled(question.right, random)
          : question.type === 'reorder'
            ? shuffled(question.options, random)
            : undefined;
      cards.push({ quiz: entry.card.quiz, question, shuffle });
    }
    const notOnDevice = resolved.filter((e) => 'skipped' in e && e.skipped === 'not-on-device').length;
    const retiredNow = resolved.filter((e) => 'skipped' in e && e.skipped === 'retired').length;
    setPhase({ kind: 'session', cards, index: 0, ratings: [], notOnDevice, retired: retiredNow });
  };

  if (phase.kind === 'session') {
    const card = phase.cards[phase.index];
    return (
      <Stack spacing={2}>
        {phase.notOnDevice > 0 && (
          <Alert severity="info">
            {phase.notOnDevice === 1 ? '1 question was skipped' : `${phase.notOnDevice} questions were skipped`}: its book is not downloaded on this device.
            Connect to the internet or download the book to review it.
          </Alert>
        )}
        {phase.retired > 0 && <Alert severity="info">{retiredText(phase.retired)}</Alert>}
        {card ? (
          <ReviewCard
            key={`${phase.index}`}
            userId={userId}
            card={card}
            position={phase.index + 1}
            total={phase.cards.length}
            onNext={(rating) => {
              const ratings = [...phase.ratings, rating];
              if (phase.index + 1 < phase.cards.length) setPhase({ ...phase, index: phase.index + 1, ratings });
              else setPhase({ kind: 'summary', ratings });
            }}
          />
        ) : (
          <>
            <Typography>No question could be shown.</Typography>
            <Button variant="outlined" onClick={() => setPhase({ kind: 'overview' })} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
              Back
            </Button>
          </>
        )}
      </Stack>
    );
  }

  if (phase.kind === 'summary') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h2" sx={{ fontSize: '1.4rem' }} role="status">
          {summaryText(phase.ratings)}
        </Typography>
        <Typography>{dueText(due.length)}</Typography>
        <Button variant="contained" onClick={() => setPhase({ kind: 'overview' })} sx={{ minHeight: 44 }}>
          Done
        </Button>
      </Stack>
    );
  }

  const byBook = new Map<number, { title: string; n: number }>();
  for (const c of due) byBook.set(c.book, { title: c.bookTitle, n: (byBook.get(c.book)?.n ?? 0) + 1 });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
        {dueText(due.length)}
      </Typography>
      {byBook.size > 0 && (
        <Box component="ul" aria-label="Due by book" sx={{ m: 0, pl: 3 }}>
          {[...byBook.entries()].map(([id, { title, n }]) => (
            <li key={id}>
              {title || `Book ${id}`}: {n}
            </li>
          ))}
        </Box>
      )}
      {retired > 0 && <Alert severity="info">{retiredText(retired)}</Alert>}
      {inScope.length === 0 && <Typography>Questions you get wrong in a quiz come back here for review.</Typography>}
      <Button variant="contained" disabled={due.length === 0 || phase.kind === 'starting'} onClick={() => void start()} sx={{ minHeight: 44 }}>
        Start review
      </Button>
    </Stack>
  );
}

function retiredText(n: number): string {
  return n === 1 ? '1 question was retired because the quiz changed.' : `${n} questions were retired because the quiz changed.`;
}

function ReviewCard({
  userId,
  card,
  position,
  total,
  onNext,
}: {
  userId: number;
  card: SessionCard;
  position: number;
  total: number;
  onNext: (rating: ReviewRating) => void;
}) {
  const { question } = card;
  const [draft, setDraft] = useState<AnswerValue | undefined>(question.type === 'reorder' ? card.shuffle : undefined);
  const [notSure, setNotSure] = useState(false);
  const [checked, setChecked] = useState<{ isCorrect: boolean; rating: ReviewRating } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (position > 1) heading.current?.focus();
  }, [position]);
  useEffect(() => {
    if (checked) next.current?.focus();
  }, [checked]);

  const check = async () => {
    const isCorrect = isAnswerCorrect(question, gradedAnswer(question, draft));
    const rating = ratingOf(isCorrect, notSure);
    setSaving(true);
    setError(null);
    try {
      // Stored before the feedback shows: 'Next' can never move on without it.
      await writeReview(db, { userId, quizId: card.quiz, questionId: String(question.id), rating });
      setChecked({ isCorrect, rating });
    } catch (failure) {
      setError(`This review could not be stored on the device: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="section" aria-label="Review question">
      <QuestionView
        question={question}
        draft={draft}
        onChange={setDraft}
        result={checked && { isCorrect: checked.isCorrect }}
        shuffle={card.shuffle}
        headingRef={heading}
        caption={`Question ${position} of ${total}`}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        {checked ? (
          <Button ref={next} variant="contained" onClick={() => onNext(checked.rating)} sx={{ minHeight: 44 }}>
            Next
          </Button>
        ) : (
          <>
            <FormControlLabel
              control={<Checkbox checked={notSure} onChange={(event) => setNotSure(event.target.checked)} />}
              label="Not sure"
              sx={{ minHeight: 44 }}
            />
            <Button variant="contained" disabled={saving || !canCheck(question, draft)} onClick={() => void check()} sx={{ minHeight: 44 }}>
              Check
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
