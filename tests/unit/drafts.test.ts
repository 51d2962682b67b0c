import { describe, expect, it } from 'vitest';
import { rememberReturn, sessionEnded, takeReturn } from '../../web/src/shared/auth/session.ts';
import { DRAFT_MAX_AGE_MS, dropDraft, dropDraftsExcept, readDraft, writeDraft } from '../../web/src/shared/forms/drafts.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

describe('drafts kept in the browser', () => {
  it('keeps one draft per user and page, with the version an edit form opened with', () => {
    const storage = new MemoryStorage();
    writeDraft(1, '/customers/7/edit', { phone: '555-0199' }, 4, storage, 1_000);
    writeDraft(1, '/customers/create', { name: 'Priya' }, undefined, storage, 1_000);
    writeDraft(2, '/customers/create', { name: 'Someone else' }, undefined, storage, 1_000);

    expect(readDraft(1, '/customers/7/edit', storage, 2_000)).toEqual({ at: 1_000, version: 4, values: { phone: '555-0199' } });
    expect(readDraft(1, '/customers/create', storage, 2_000)).toEqual({ at: 1_000, values: { name: 'Priya' } });
    expect(readDraft(2, '/customers/create', storage, 2_000)?.values).toEqual({ name: 'Someone else' });
    expect(readDraft(1, '/customers/8/edit', storage, 2_000)).toBeNull();

    dropDraft(1, '/customers/create', storage);
    expect(readDraft(1, '/customers/create', storage, 2_000)).toBeNull();
    expect(readDraft(2, '/customers/create', storage, 2_000)).not.toBeNull();
  });

  it('forgets a draft a week old, or one that cannot be read', () => {
    const storage = new MemoryStorage();
    writeDraft(1, '/invoices/create', { notes: 'old' }, undefined, storage, 0);
    expect(readDraft(1, '/invoices/create', storage, DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(readDraft(1, '/invoices/create', storage, DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.length).toBe(0);

    storage.setItem('draft:1:/invoices/create', '{not json');
    expect(readDraft(1, '/invoices/create', storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("drops everyone else's drafts when a user signs in (user 1 is not user 10), and all of them on a deliberate sign-out", () => {
    const storage = new MemoryStorage();
    storage.setItem('auth_token', 'kept');
    for (const user of [1, 10, 2]) writeDraft(user, '/invoices/create', { user }, undefined, storage);
    dropDraftsExcept(1, storage);
    expect([...Array(storage.length).keys()].map((index) => storage.key(index))).toEqual(['auth_token', 'draft:1:/invoices/create']);
    dropDraftsExcept(null, storage);
    expect(storage.length).toBe(1);
  });
});

describe('where signing in again goes', () => {
  it("returns the same user to the page where the session ended, once; anyone else to the dashboard", () => {
    const storage = new MemoryStorage();
    expect(sessionEnded(storage)).toBe(false);
    rememberReturn(1, '/invoices/create?customer=3', storage);
    expect(sessionEnded(storage)).toBe(true);
    expect(takeReturn(1, storage)).toBe('/invoices/create?customer=3');
    expect(sessionEnded(storage)).toBe(false);
    expect(takeReturn(1, storage)).toBe('/');

    rememberReturn(1, '/invoices/create', storage);
    expect(takeReturn(2, storage)).toBe('/');
  });

  it('goes only to a page of this app', () => {
    const storage = new MemoryStorage();
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/login']) {
      rememberReturn(1, path, storage);
      expect(takeReturn(1, storage)).toBe('/');
    }
  });
});
