import type { AuditEvent } from '@schemas/audit';
import { formatDateTime } from '../ui/dates';
import { ChangeList } from './ChangeList';
import { describeEvent } from './events';
import './audit.css';

/** Who did what, when and where: one entry of an `<ul className="event-list">`. */
export function EventItem({ event }: { event: AuditEvent }) {
  return (
    <li className="event-item">
      <p className="event-what">{describeEvent(event)}</p>
      <p className="event-meta">
        <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>
        {' · '}
        {event.user?.name ?? 'System'}
        {event.location && ` · ${event.location.name}`}
      </p>
      <ChangeList changes={event.changes} />
    </li>
  );
}
