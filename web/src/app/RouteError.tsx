export function RouteError() {
  return (
    <div className="fatal">
      <div className="card notice">
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Reloading usually helps.</p>
        <a href="/" className="btn btn-primary">
          Reload Wheelhouse
        </a>
      </div>
    </div>
  );
}
