const RATING_TONES: Record<string, string> = { A: 'green', B: 'blue', C: 'yellow', D: 'orange', E: 'red' };

/** A rating as a coloured badge: A green, B blue, C yellow, D orange, E red, anything else gray. */
export function RatingBadge({ label, rating }: { label: string; rating: string | null }) {
  const tone = (rating && RATING_TONES[rating]) || 'gray';
  return (
    <span className={`badge badge-${tone}`} title={`${label} rating ${rating ?? 'not given'}`}>
      {label} {rating ?? '–'}
    </span>
  );
}

export function RunFlatBadge({ runFlat }: { runFlat: boolean }) {
  return <span className={runFlat ? 'badge badge-dark' : 'badge badge-gray'}>{runFlat ? 'Run Flat' : 'Not Run Flat'}</span>;
}
