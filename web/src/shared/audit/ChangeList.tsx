import type { AuditChange } from '@schemas/audit';
import { fieldLabel, formatChangeValue } from './events';
import './audit.css';

/** An event's changes, one 'field: old → new' line each; nothing when there are none. */
export function ChangeList({ changes }: { changes: Record<string, AuditChange> | null | undefined }) {
  const entries = Object.entries(changes ?? {});
  if (!entries.length) return null;
  return (
    <ul className="change-list">
      {entries.map(([field, change]) => (
        <li key={field}>
          <span className="change-field">{fieldLabel(field)}:</span> <span className="change-old">{formatChangeValue(field, change.old)}</span>{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">changed to</span> <span className="change-new">{formatChangeValue(field, change.new)}</span>
        </li>
      ))}
    </ul>
  );
}
