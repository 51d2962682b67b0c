import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../routes/Link';
import type { z } from 'zod';
import { useResourceMutations } from '../api/resource';
import { ActivitySection } from '../audit/ActivitySection';
import { usePermissions } from '../auth/permissions';
import { DetailList } from '../ui/DetailList';
import { ErrorBox } from '../ui/ErrorBox';
import { useFlash } from '../ui/Flash';
import { PageHeader } from '../ui/Page';
import { Spinner } from '../ui/Spinner';
import { useConfirmedDelete } from '../ui/useConfirmedDelete';
import { LoadFailure } from './LoadFailure';
import type { RecordBase, RecordConfig } from './types';

export function RecordDetailPage<T extends RecordBase, S extends z.ZodType>({ config }: { config: RecordConfig<T, S> }) {
  const { basePath, resource, details, actions, lead, extra, activity, texts } = config;
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const record = useQuery(resource.detail(id));
  const { remove } = useResourceMutations(resource);
  const can = usePermissions();
  const deletion = useConfirmedDelete({
    remove,
    title: texts.deleteTitle,
    confirmMessage: texts.deleteConfirm,
    failureMessage: texts.deleteFailed,
    onDeleted: () => {
      flash(texts.deleted, basePath);
      navigate(basePath);
    },
  });

  return (
    <section>
      <PageHeader
        title={texts.detailTitle}
        actions={
          <>
            <Link to={basePath} className="btn btn-secondary">
              Back to List
            </Link>
            {record.isSuccess && (
              <>
                {actions?.(record.data)}
                <Link to={`${basePath}/${id}/edit`} className="btn btn-primary">
                  Edit
                </Link>
                {can.deleteRecords && (
                  <button type="button" className="btn btn-danger" onClick={() => deletion.ask(id)}>
                    Delete
                  </button>
                )}
              </>
            )}
          </>
        }
      />
      {deletion.error && <ErrorBox messages={[deletion.error]} />}
      {record.isPending ? (
        <Spinner label={texts.loading} />
      ) : record.isError ? (
        <LoadFailure error={record.error} texts={texts} />
      ) : (
        <>
          {lead?.(record.data)}
          <div className="card">
            <DetailList items={details?.(record.data) ?? []} />
          </div>
          {extra?.(record.data)}
          {activity && <ActivitySection recordType={activity} recordId={record.data.id} />}
        </>
      )}
      {deletion.dialog}
    </section>
  );
}
