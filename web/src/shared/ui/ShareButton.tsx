import { useEffect, useRef, useState } from 'react';
import './controls.css';

/** Copies a link to the clipboard; where the clipboard is unavailable, shows the link selected to copy by hand. */
export function ShareButton({ url = window.location.href }: { url?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'manual') inputRef.current?.select();
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  const share = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <div className="share">
      <button type="button" className="btn btn-secondary" onClick={share}>
        Share
      </button>
      <span className="share-status" role="status">
        {state === 'copied' ? 'Link copied' : ''}
      </span>
      {state === 'manual' && (
        <div className="dropdown share-box">
          <label htmlFor="share-link" className="share-label">
            Copy this link
          </label>
          <input id="share-link" ref={inputRef} readOnly value={url} onFocus={(event) => event.target.select()} />
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setState('idle')}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
