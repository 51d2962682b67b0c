import { describe, expect, it } from 'vitest';
import { FIRST_ASKS_KEY, askFirst, keepFirstAsks, noteAsk } from '../../web/src/shared/api/firstAsks.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

describe('the first asks kept in the browser', () => {
  it("keep the page's first queries for its address, last, with the 19 addresses kept before it", () => {
    const storage = new MemoryStorage();
    // Under Node the app opened at '' (no window): it was kept before with other asks.
    const before = Object.fromEntries([['', ['/api/old']], ...Array.from({ length: 25 }, (_, i) => [`/a${i}`, [`/api/a${i}`]])]);
    storage.setItem(FIRST_ASKS_KEY, JSON.stringify(before));

    noteAsk('/api/notifications');
    askFirst(() => noteAsk('/api/invoices?status=draft&page=1&per_page=25'));
    noteAsk('/api/locations');
    keepFirstAsks(storage);

    const kept = Object.entries(JSON.parse(storage.getItem(FIRST_ASKS_KEY)!) as Record<string, string[]>);
    expect(kept).toHaveLength(20);
    expect(kept[0]).toEqual(['/a6', ['/api/a6']]);
    expect(kept.at(-1)).toEqual(['', ['/api/invoices?status=draft&page=1&per_page=25']]);
  });

  it('forget what cannot be read', () => {
    const storage = new MemoryStorage();
    storage.setItem(FIRST_ASKS_KEY, '{not json');
    keepFirstAsks(storage);
    expect(storage.getItem(FIRST_ASKS_KEY)).toBeNull();
  });
});
