import { useEffect } from 'react';
import { useSearchHits, type FoundHits, type Hit } from './searchHits';

interface ListProps {
  found: FoundHits;
  shown: boolean;
  listId: string;
  optionId: (hit: Hit) => string;
  highlighted: Hit | undefined;
  allResults: Hit;
  onChoose: (hit: Hit) => void;
  onPoint: (key: string) => void;
}

/** The box's listbox (GlobalSearch): the matches grouped by kind, then "See all results". */
function HitList({ found, shown, listId, optionId, highlighted, allResults, onChoose, onPoint }: ListProps) {
  const option = (hit: Hit) => (
    <li
      key={hit.key}
      id={optionId(hit)}
      role="option"
      aria-selected={hit === highlighted}
      className={hit === highlighted ? 'search-hit active' : 'search-hit'}
      // Keeps the focus in the box, so the list does not close before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(hit)}
      onMouseEnter={() => onPoint(hit.key)}
    >
      <span className="search-hit-name">{hit.name}</span>
      {hit.meta && <span className="search-hit-meta">{hit.meta}</span>}
    </li>
  );

  const note = found.loading
    ? 'Searching...'
    : found.failed
      ? 'Search failed. Please try again.'
      : found.sections.length === 0
        ? found.partlyFailed
          ? 'No results. Some searches failed; please try again.'
          : 'No results'
        : null;

  return (
    <div className="dropdown search-results" hidden={!shown}>
      {note && (
        <p className="dropdown-empty" role="status">
          {note}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label="Search results" className="search-list" hidden={note !== null}>
        {found.sections.map((section) => (
          <li key={section.title} role="presentation" className="search-section">
            <ul role="group" aria-label={section.title}>
              <li role="presentation" className="search-section-title" aria-hidden="true">
                {section.title}
              </li>
              {section.hits.map(option)}
            </ul>
          </li>
        ))}
        {option(allResults)}
      </ul>
      {!note && found.partlyFailed && <p className="dropdown-empty">Some results could not be loaded.</p>}
    </div>
  );
}

/** The top search's searches: what they found for `term`, told to the box whenever it changes, and the list showing it. */
export default function TopSearchHits({ term, onFound, list }: { term: string; onFound: (found: FoundHits) => void; list: ListProps }) {
  const found = useSearchHits(term, 5);
  const snapshot = JSON.stringify(found);
  useEffect(() => onFound(JSON.parse(snapshot) as FoundHits), [snapshot, onFound]);
  return <HitList {...list} />;
}
