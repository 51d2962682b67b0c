import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '../hooks/useDebounced';
import { SearchIcon } from './icons';
import type { FoundHits, Hit } from './searchHits';
import { searchPath } from './searchPath';
import { useDismiss } from './useDismiss';

/** The searches themselves, and the list of what they found, load when the box is first used, not with every page. */
const TopSearchHits = lazy(() => import('./TopSearchHits'));

/**
 * The top bar's search, a combobox (ARIA combobox pattern): the matches are options of a listbox
 * grouped by kind, arrow keys move through them and "See all results", Enter opens the highlighted
 * one (or every result when none is), Escape closes.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The highlighted option by its key: it stays on the same record when the list is refreshed.
  const [active, setActive] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const term = useDebounced(text.trim(), 250);
  const [used, setUsed] = useState(false);
  const [answered, setAnswered] = useState<FoundHits | null>(null);
  const found: FoundHits = answered ?? { enabled: term.length >= 2, sections: [], loading: true, failed: false, partlyFailed: false };

  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const showPanel = open && found.enabled;
  // Every result of the text as typed, even while the list still shows an earlier, shorter one's.
  const allResults: Hit = { key: 'all', name: 'See all results', meta: '', to: searchPath(text.trim()) };
  const hits = found.loading || found.failed ? [] : [...found.sections.flatMap((section) => section.hits), allResults];
  const optionId = (hit: Hit) => `${listId}-${hit.key.replace(/[^a-z0-9-]/gi, '-')}`;
  const highlighted = showPanel ? hits.find((hit) => hit.key === active) : undefined;

  const go = (hit: Hit) => {
    setOpen(false);
    setText('');
    setActive(null);
    navigate(hit.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!hits.length) return;
      const index = highlighted ? hits.indexOf(highlighted) : -1;
      const next = event.key === 'ArrowDown' ? (index + 1) % hits.length : index <= 0 ? hits.length - 1 : index - 1;
      setActive(hits[next].key);
    } else if (event.key === 'Enter' && text.trim().length >= 2) {
      event.preventDefault();
      go(highlighted ?? allResults);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="global-search" ref={ref}>
      <SearchIcon />
      <input
        type="text"
        role="combobox"
        className="global-search-input"
        placeholder="Search products, customers..."
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-activedescendant={highlighted ? optionId(highlighted) : undefined}
        autoComplete="off"
        value={text}
        onPointerDown={() => setUsed(true)}
        onFocus={() => {
          setUsed(true);
          setOpen(true);
        }}
        onChange={(event) => {
          setText(event.target.value);
          setUsed(true);
          setOpen(true);
          setActive(null);
        }}
        onKeyDown={onKeyDown}
      />
      {used && (
        <Suspense fallback={null}>
          <TopSearchHits
            term={term}
            onFound={setAnswered}
            list={{ found, shown: showPanel, listId, optionId, highlighted, allResults, onChoose: go, onPoint: setActive }}
          />
        </Suspense>
      )}
    </div>
  );
}
