import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../routes/Link';

type Tone = 'success' | 'error';

/** A link after the message, e.g. to the record just created. */
interface FlashLink {
  to: string;
  label: string;
}

interface FlashMessage {
  text: string;
  path: string;
  tone: Tone;
  link?: FlashLink;
  seen: boolean;
}

interface FlashState {
  flash: (text: string, path?: string, tone?: Tone, link?: FlashLink) => void;
}

const FlashContext = createContext<FlashState | null>(null);

export function FlashProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [message, setMessage] = useState<FlashMessage | null>(null);

  const flash = useCallback(
    (text: string, path?: string, tone: Tone = 'success', link?: FlashLink) =>
      setMessage({ text, path: path ?? location.pathname, tone, link, seen: false }),
    [location.pathname],
  );

  useEffect(() => {
    if (!message) return;
    if (location.pathname === message.path && !message.seen) setMessage({ ...message, seen: true });
    if (location.pathname !== message.path && message.seen) setMessage(null);
  }, [location.pathname, message]);

  const value = useMemo(() => ({ flash }), [flash]);
  const visible = message && location.pathname === message.path;

  return (
    <FlashContext value={value}>
      <div className="flash-region" aria-live="polite">
        {visible && (
          <div className={message.tone === 'error' ? 'flash flash-error' : 'flash'} role={message.tone === 'error' ? 'alert' : 'status'}>
            <span>
              {message.text}
              {message.link && (
                <>
                  {' '}
                  <Link to={message.link.to} className="flash-link">
                    {message.link.label}
                  </Link>
                </>
              )}
            </span>
            <button type="button" className="flash-close" aria-label="Dismiss message" onClick={() => setMessage(null)}>
              ×
            </button>
          </div>
        )}
      </div>
      {children}
    </FlashContext>
  );
}

export function useFlash(): FlashState['flash'] {
  const state = use(FlashContext);
  if (!state) throw new Error('useFlash must be used inside FlashProvider');
  return state.flash;
}
