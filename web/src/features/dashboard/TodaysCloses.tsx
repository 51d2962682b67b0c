import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import { formatDate, today } from '../../shared/ui/dates';
import { formatMoney } from '../../shared/ui/money';
import { todaysClosesQuery } from './api';

function OverShortText({ value }: { value: number }) {
  const cents = Math.round(value * 100);
  if (cents === 0) return <span className="close-even">Even</span>;
  return cents > 0 ? <span className="close-over">Over {formatMoney(value)}</span> : <span className="close-short">Short {formatMoney(-value)}</span>;
}

/** Today's day close of each branch: whether the drawer is counted and whether it matched. */
export function TodaysCloses() {
  const day = today();
  const closes = useQuery(todaysClosesQuery(day));
  if (!closes.data?.length) return null;
  const open = closes.data.filter((row) => !row.close).length;
  return (
    <section className="card dashboard-closes" aria-labelledby="dashboard-closes-title">
      <div className="dashboard-closes-head">
        <h2 id="dashboard-closes-title">Today's Day Closes</h2>
        <span className="dashboard-closes-date">
          {formatDate(day)} · {open === 0 ? 'every branch closed' : `${open} not closed`}
        </span>
      </div>
      <ul className="dashboard-closes-list">
        {closes.data.map((row) => (
          <li key={row.location.id}>
            <span className="dashboard-closes-branch">{row.location.name}</span>
            {row.close ? (
              <Link to={`/day-closes/${row.close.id}`} className="dashboard-closes-state">
                <OverShortText value={row.close.over_short} />
              </Link>
            ) : (
              <Link to="/day-close" className="dashboard-closes-state close-open">
                Not closed
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
