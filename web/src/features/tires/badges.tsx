/** 0 is Out of Stock, below 10 Low Stock, otherwise In Stock. */
export function stockState(quantity: number): { label: string; tone: 'out' | 'low' | 'in' } {
  if (quantity <= 0) return { label: 'Out of Stock', tone: 'out' };
  if (quantity < 10) return { label: 'Low Stock', tone: 'low' };
  return { label: 'In Stock', tone: 'in' };
}

export function StockBadge({ quantity }: { quantity: number }) {
  const state = stockState(quantity);
  return <span className={`badge badge-stock-${state.tone}`}>{state.label}</span>;
}

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
