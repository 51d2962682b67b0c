import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { useSearchHits } from '../../shared/layout/searchHits';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import './search.css';

const PER_KIND = 20;

/** /search?q=…: every kind's matches of the top search, up to twenty of each. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const found = useSearchHits(term, PER_KIND);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };

  return (
    <section>
      <PageHeader title="Search results" />
      <form key={term} className="card search-page-form" role="search" onSubmit={submit}>
        <label htmlFor="search-page-q">Search</label>
        <input id="search-page-q" name="q" type="search" className="search-box" defaultValue={term} />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      {!found.enabled ? (
        <p className="empty">Type at least two characters.</p>
      ) : found.loading ? (
        <Spinner label="Searching..." />
      ) : found.failed ? (
        <p className="empty" role="alert">
          Search failed. Please try again.
        </p>
      ) : found.sections.length === 0 ? (
        <p className="empty">No results for “{term}”</p>
      ) : (
        <div className="search-page-sections">
          {found.partlyFailed && <p role="alert">Some results could not be loaded.</p>}
          {found.sections.map((section) => (
            <section key={section.title} className="card search-page-section" aria-labelledby={`search-${section.title}`}>
              <h2 id={`search-${section.title}`}>{section.title}</h2>
              <ul>
                {section.hits.map((hit) => (
                  <li key={hit.key}>
                    <Link to={hit.to} className="search-page-hit">
                      <span className="search-hit-name">{hit.name}</span>
                      <span className="search-hit-meta">{hit.meta}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
