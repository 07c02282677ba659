/**
 * Editor drafts kept on this device (db.drafts): the unsaved work of an editor, autosaved as
 * the author types so that closing it, a reload or a crash never loses it. Each feature keeps
 * its own key and value shape; this module reads, writes and removes the typed rows.
 * A draft is only ever returned to the user who wrote it.
 */
import { db, type Draft } from './db';

export type DraftKind = Draft['kind'];

export interface StoredDraft<T> {
  value: T;
  updatedAt: number;
}

/**
 * The draft stored under `key`, if it is of `kind`, belongs to `userId` (when given) and `parse`
 * accepts its value (parse returns null for a value it does not recognise).
 */
export async function readDraft<T>(key: string, kind: DraftKind, parse: (value: unknown) => T | null, userId?: number): Promise<StoredDraft<T> | null> {
  const row = await db.drafts.get(key);
  if (!row || row.kind !== kind) return null;
  if (userId !== undefined && row.userId !== userId) return null;
  const value = parse(row.value);
  return value === null ? null : { value, updatedAt: row.updatedAt };
}

export async function writeDraft(key: string, userId: number, kind: DraftKind, value: unknown): Promise<void> {
  const row: Draft = { key, userId, kind, value, updatedAt: Date.now() };
  await db.drafts.put(row);
}

export async function deleteDraft(key: string): Promise<void> {
  await db.drafts.delete(key);
}
