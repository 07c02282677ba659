/** The learner's review cards from the server (GET /review/cards/, every page), stored in the device's deck. */
import { queryOptions } from '@tanstack/react-query';
import type { ReviewCard } from '../../../contract/review';
import { getAllPages } from '../../../lib/api-client';
import { db } from '../../../lib/db';
import { storeServerCards } from '../db/deck';

export const reviewKeys = {
  all: ['review'] as const,
  cards: (userId: number) => ['review', 'cards', userId] as const,
};

/** Fetches every card of the signed-in user and replaces the device's copy of the server's list. */
export async function syncReviewCards(userId: number): Promise<number> {
  const cards = await getAllPages<ReviewCard>('/review/cards/');
  await storeServerCards(db, userId, cards);
  return cards.length;
}

/** The fetch as a query: the screens read the deck from Dexie, this only refreshes it. */
export const reviewCardsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: reviewKeys.cards(userId),
    queryFn: () => syncReviewCards(userId),
  });
