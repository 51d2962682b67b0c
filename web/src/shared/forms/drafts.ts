import { useEffect, useState } from 'react';
import { readUser } from '../auth/session';
import { dropDraft, readDraft, writeDraft } from './draftStore';

/**
 * Drafts: what a form being filled holds, kept in this browser as it changes, so that a session
 * that ends (idle, signed out elsewhere) loses nothing typed. One draft per user and page (path and
 * query: a create page, each record's edit page); an edit form's draft keeps the record version it opened
 * with, so its save is still refused (412) when the record changed meanwhile. A draft goes when its
 * form is saved, cancelled or discarded, after a week unused, when another user signs in on this
 * browser, and when its user signs out on purpose.
 */

export { DRAFT_MAX_AGE_MS, dropDraft, dropDraftsExcept, readDraft, writeDraft, type StoredDraft } from './draftStore';

/**
 * The signed-in user and the page the browser is on: whose draft, of which page. The query is part
 * of the page: a new invoice opened for a customer (?customer_id=) is not the one left half-done.
 */
function currentPage(): { userId: number; path: string } | null {
  const user = readUser();
  return user ? { userId: user.id, path: window.location.pathname + window.location.search } : null;
}

/** Drops the draft of the page the browser is on: its form was saved, or is loaded again as the record is now. */
export function dropPageDraft(): void {
  const page = currentPage();
  if (page) dropDraft(page.userId, page.path);
}

/** The record version the kept draft of this page was opened with, if there is one. */
export function keptVersion(): number | undefined {
  const page = currentPage();
  return page ? readDraft(page.userId, page.path)?.version : undefined;
}

/** What a form with a kept draft offers: the note that it was restored, Discard, and Cancel that drops it. */
export interface DraftControl {
  restored: boolean;
  /** Starts the form again from what it opens with, without the draft. */
  discard: () => void;
  /** Drops the draft (the form is left with Cancel). */
  clear: () => void;
}

export interface PageDraft<T> {
  /** What was kept for this page when the form opened (null: none). */
  kept: T | null;
  /** Whether the form shows a kept draft: the note with Discard shows while it does. */
  restored: boolean;
  keep: (values: T, version?: number) => void;
  clear: () => void;
}

/** The draft of the page the form is on, for the signed-in user, read once when the form opens. */
export function usePageDraft<T>(enabled = true): PageDraft<T> {
  const [page] = useState(() => {
    const current = enabled ? currentPage() : null;
    return { current, kept: current ? (readDraft<T>(current.userId, current.path)?.values ?? null) : null };
  });
  const [restored, setRestored] = useState(page.kept !== null);
  const { current, kept } = page;
  return {
    kept,
    restored,
    keep: (values, version) => {
      if (current) writeDraft(current.userId, current.path, values, version);
    },
    clear: () => {
      if (current) dropDraft(current.userId, current.path);
      setRestored(false);
    },
  };
}

/**
 * Keeps `values` as the page's draft whenever they change; while they are `pristine` (what the form
 * opens with when there is no draft) there is none. `pristine` is read once; null keeps any values.
 */
export function useKeepDraft<T>(draft: PageDraft<T>, values: T, { pristine, version, enabled = true }: { pristine: T | null; version?: number; enabled?: boolean }): void {
  const snapshot = JSON.stringify(values);
  const [opened] = useState(() => (pristine === null ? null : JSON.stringify(pristine)));
  useEffect(() => {
    if (!enabled) return;
    if (snapshot === opened) draft.clear();
    else draft.keep(JSON.parse(snapshot) as T, version);
    // The draft's functions are new on every render: the snapshot says when the values changed.
  }, [snapshot, enabled]);
}
