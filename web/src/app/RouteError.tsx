import { Component, type ReactNode } from 'react';

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

/** Shows RouteError instead of a page that failed to render or to load, until the address changes. */
export class RouteErrorBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: { path: string }) {
    if (this.state.failed && previous.path !== this.props.path) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
