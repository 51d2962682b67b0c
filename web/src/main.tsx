import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepFirstAsks } from './shared/api/firstAsks';
import { whenPreloaded } from './shared/routes/lazyPage';
// The few pieces every screen shows (a field's frame, the error box, a page's header, links), kept
// in the entry rather than in a chunk of their own: one file fewer for every screen.
import './shared/forms/FieldFrame';
import './shared/ui/ErrorBox';
import './shared/ui/Page';
import './shared/routes/Link';
import './shared/styles/base.css';
import './shared/styles/layout.css';
import './shared/styles/components.css';
// The small styles of the first screens and of parts most screens show, kept with the entry's rather
// than in files of their own: a browser fetches six files at a time over HTTP/1.1, each batch a
// round trip on a phone.
import './shared/ui/controls.css';
import './shared/audit/activity.css';
import './shared/layout/sidebar-user.css';
import './shared/charts/charts.css';
import './features/auth/login.css';
import './features/dashboard/dashboard.css';

// The page opened renders once its code, asked for as the app opened (./app/router), has come; on a
// connection slow enough to keep it longer, the spinner shows meanwhile.
void whenPreloaded(1500).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
// The page's first queries, which index.html asks for at once the next time this address opens.
void whenPreloaded(60_000).then(() => keepFirstAsks());
