import { useAuth } from '../auth/AuthContext';
import './stock.css';

/**
 * A list's stock: first what the signed-in user's home branch has, which is what they can promise,
 * with the chain's total beside it ("4 here · 11 in all"); the total alone for a user without a
 * home branch.
 */
export function HomeStock({ branch, total }: { branch?: number | null; total: number }) {
  const home = useAuth().user?.home_location;
  if (branch === null || branch === undefined || !home) return <span className="home-stock">{total}</span>;
  return (
    <span className="home-stock" title={`${branch} at ${home.name}, ${total} in all branches`}>
      <span className="home-stock-branch">{branch} here</span> <span className="home-stock-total">· {total} in all</span>
    </span>
  );
}
