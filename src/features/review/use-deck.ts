/** The signed-in learner's deck, read live from Dexie and refreshed from the server when online. */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { dueCards } from '../../contract/review-rules';
import { db } from '../../lib/db';
import { reviewCardsQueryOptions } from './api/get-review-cards';
import { deckOf, type DeckCard } from './db/deck';

export interface Deck {
  cards: DeckCard[];
  /** Due now (not retired), oldest due first, all of them. */
  due: DeckCard[];
  retired: number;
}

/**
 * The deck; undefined while the first read runs. The due list is worked out again when the deck
 * changes and once a minute at most. Both steps are timed with the User Timing API
 * ('review-deck-read', 'review-deck-due'), which `npm run bench` reads (tests/bench/review.ts).
 */
export function useDeck(userId: number): Deck | undefined {
  useQuery({ ...reviewCardsQueryOptions(userId), staleTime: 30_000 });
  const cards = useLiveQuery(async () => {
    const started = performance.now();
    const deck = await deckOf(db, userId);
    performance.measure('review-deck-read', { start: started });
    return deck;
  }, [userId]);
  const minute = Math.floor(Date.now() / 60_000);
  return useMemo(() => {
    if (!cards) return undefined;
    const started = performance.now();
    const due = dueCards(cards, new Date(minute * 60_000 + 59_999), { limit: Infinity });
    performance.measure('review-deck-due', { start: started });
    return { cards, due, retired: cards.filter((c) => c.retired).length };
  }, [cards, minute]);
}

/** 'N questions due for review' (also 1 question). */
export function dueText(n: number): string {
  return `${n} ${n === 1 ? 'question' : 'questions'} due for review`;
}
