import type { DraftControl } from './drafts';

/** Says that the form shows a draft kept in this browser, with a way to drop it. */
export function DraftNote({ draft }: { draft: DraftControl | undefined }) {
  if (!draft?.restored) return null;
  return (
    <div className="draft-note" role="status">
      <span>Restored the draft you had not saved yet.</span>
      <button type="button" className="btn btn-secondary" onClick={draft.discard}>
        Discard draft
      </button>
    </div>
  );
}
