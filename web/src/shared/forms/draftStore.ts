/** Where drafts are kept (web/src/shared/forms/drafts.ts): one key per user and page in this browser's storage. */

const PREFIX = 'draft:';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface StoredDraft<T> {
  /** When it was last kept (ms since the epoch). */
  at: number;
  /** The version of the record an edit form opened with. */
  version?: number;
  values: T;
}

const keyOf = (userId: number, path: string) => `${PREFIX}${userId}:${path}`;

function draftKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key?.startsWith(PREFIX) ?? false);
}

export function readDraft<T>(userId: number, path: string, storage: Storage = localStorage, now = Date.now()): StoredDraft<T> | null {
  const raw = storage.getItem(keyOf(userId, path));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft<T>;
    if (typeof draft.at === 'number' && now - draft.at <= DRAFT_MAX_AGE_MS && 'values' in draft) return draft;
  } catch {
    // An unreadable draft is no draft.
  }
  storage.removeItem(keyOf(userId, path));
  return null;
}

export function writeDraft<T>(userId: number, path: string, values: T, version?: number, storage: Storage = localStorage, now = Date.now()): void {
  const draft: StoredDraft<T> = { at: now, ...(version === undefined ? {} : { version }), values };
  try {
    storage.setItem(keyOf(userId, path), JSON.stringify(draft));
  } catch {
    // A full storage keeps no draft; the form itself goes on.
  }
}

export function dropDraft(userId: number, path: string, storage: Storage = localStorage): void {
  storage.removeItem(keyOf(userId, path));
}

/** Drops every draft but `userId`'s (someone signs in), or every draft (null: a deliberate sign-out). */
export function dropDraftsExcept(userId: number | null, storage: Storage = localStorage): void {
  const own = userId === null ? null : keyOf(userId, '');
  for (const key of draftKeys(storage)) if (own === null || !key.startsWith(own)) storage.removeItem(key);
}
