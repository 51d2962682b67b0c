import { useEffect } from 'react';
import { useSearchHits, type FoundHits } from './searchHits';

/** The top search's searches: what they found for `term`, told to the box whenever it changes. */
export default function TopSearchHits({ term, onFound }: { term: string; onFound: (found: FoundHits) => void }) {
  const found = useSearchHits(term, 5);
  const snapshot = JSON.stringify(found);
  useEffect(() => onFound(JSON.parse(snapshot) as FoundHits), [snapshot, onFound]);
  return null;
}
