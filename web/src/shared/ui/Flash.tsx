import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

type Tone = 'success' | 'error';

interface FlashMessage {
  text: string;
  path: string;
  tone: Tone;
  seen: boolean;
}

interface FlashState {
  flash: (text: string, path?: string, tone?: Tone) => void;
}

const FlashContext = createContext<FlashState | null>(null);

export function FlashProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [message, setMessage] = useState<FlashMessage | null>(null);

  const flash = useCallback(
    (text: string, path?: string, tone: Tone = 'success') =>
      setMessage({ text, path: path ?? location.pathname, tone, seen: false }),
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
            <span>{message.text}</span>
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
