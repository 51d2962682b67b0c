import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../routes/Link';
import type { AuditEvent } from '@schemas/audit';
import { DataTable } from '../ui/DataTable';
import { formatDateTime } from '../ui/dates';
import { ErrorBox } from '../ui/ErrorBox';
import { Pagination } from '../ui/Pagination';
import { Spinner } from '../ui/Spinner';
import { activityQuery, type ActivityRecordType } from './activity';
import { ChangeList } from './ChangeList';
import { actionLabel, recordPath, recordText } from './events';
import './activity.css';

interface ActivitySectionProps {
  recordType: ActivityRecordType;
  recordId: number;
}

/** What happened; an event of a record that belongs to this one (a payment's receipt) names that record. */
function EventAction({ event, recordType, recordId }: { event: AuditEvent } & ActivitySectionProps) {
  const own = event.record_type === recordType && event.record_id === recordId;
  const path = own ? null : recordPath(event.record_type, event.record_id);
  const other = recordText(event.record_type, event.record_label, event.record_id);
  return (
    <span className="activity-action">
      <strong>{actionLabel(event.action)}</strong>
      {!own && <> · {path ? <Link to={path}>{other}</Link> : other}</>}
      <ChangeList changes={event.changes} />
    </span>
  );
}

/** A record's activity, newest first, a page at a time: when, who, at which branch, what, and what changed. */
export function ActivitySection({ recordType, recordId }: ActivitySectionProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const activity = useQuery(activityQuery(recordType, recordId, page));

  return (
    <section className="card activity-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="activity-title">
        Activity
      </h2>
      {activity.isPending ? (
        <Spinner label="Loading activity..." />
      ) : activity.isError ? (
        <ErrorBox messages={[`Error loading activity: ${activity.error.message}`]} />
      ) : activity.data.data.length === 0 ? (
        <p className="empty">No activity recorded yet.</p>
      ) : (
        <>
          <DataTable
            caption="Activity"
            rows={activity.data.data}
            rowKey={(event) => event.id}
            rowLabel={(event) => `${formatDateTime(event.occurred_at)} ${actionLabel(event.action)}`}
            columns={[
              { header: 'When', cell: (event) => formatDateTime(event.occurred_at), className: 'cell-nowrap' },
              { header: 'Who', cell: (event) => event.user?.name },
              { header: 'Branch', cell: (event) => event.location?.name },
              {
                header: 'Action',
                cell: (event) => <EventAction event={event} recordType={recordType} recordId={recordId} />,
                className: 'cell-wrap',
              },
            ]}
          />
          {activity.data.last_page > 1 && (
            <Pagination page={activity.data.current_page} lastPage={activity.data.last_page} onChange={setPage} />
          )}
        </>
      )}
    </section>
  );
}
