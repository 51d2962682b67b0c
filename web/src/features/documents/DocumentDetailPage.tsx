import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../shared/auth/permissions';
import { usePrint } from '../../shared/print';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { useDocumentMutations } from './api';
import { DocumentLoad } from './DocumentLoad';
import { DocumentView } from './DocumentView';
import { capitalized, numberOf, type DocumentKind, type TradingDocument, type Transition } from './kind';
import { RecordPayment } from './PaymentDialog';
import { StatusBadge } from './StatusBadge';

function DocumentPage<D extends TradingDocument, L extends { id: number }>({ kind, document }: { kind: DocumentKind<D, L>; document: D }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const { transition, remove } = useDocumentMutations<D>(kind.queries);
  const action = useConfirmedAction();
  const can = usePermissions();
  const { print, node } = usePrint(kind.printable(document));
  const list = `/${kind.path}`;

  const ask = (step: Transition<D>) =>
    action.ask({
      tone: step === kind.post ? 'primary' : 'danger',
      title: step.title,
      message: step.message(document),
      confirmLabel: step.confirmLabel,
      failureMessage: step.failureMessage,
      run: () => transition.mutateAsync({ id: document.id, action: step.action }),
      onDone: () => flash(step.done),
    });
  const destroy = () =>
    action.ask({
      title: `Delete ${kind.name}`,
      message: `Are you sure you want to delete this ${kind.noun}?`,
      confirmLabel: 'Delete',
      failureMessage: `Error deleting ${kind.noun}. Please try again.`,
      run: () => remove.mutateAsync(document.id),
      onDone: () => {
        flash(`${capitalized(kind.noun)} deleted successfully!`, list);
        navigate(list);
      },
    });

  const order = kind.summary === 'order';
  const payment = kind.canPay(document) && (
    <RecordPayment
      receiptableType={kind.receiptableType}
      document={document}
      refreshes={[kind.queries.keys.detail(document.id), kind.queries.keys.lists()]}
    />
  );
  const { Actions } = kind;

  return (
    <>
      <DocumentView<L>
        title={`${kind.name} #${numberOf(document)}`}
        recordType={kind.mode}
        document={document}
        party={{ heading: kind.partyHeading, party: kind.party(document) }}
        status={kind.shownStatus && <StatusBadge status={kind.shownStatus(document)} />}
        numberLabel={kind.numberLabel}
        locationLabel={kind.locationLabel}
        summary={kind.summary}
        payments={kind.payments?.(document)}
        paymentAction={order && payment}
        notice={action.error && <ErrorBox messages={[action.error]} />}
        facts={kind.facts(document)}
        lines={kind.lines(document)}
        lineKey={(line) => line.id}
        lineLabel={kind.lineLabel}
        lineColumns={kind.lineColumns}
        actions={
          <>
            {kind.backToList && (
              <Link to={list} className="btn btn-secondary">
                Back to List
              </Link>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => print()}>
              Print
            </button>
            {kind.canEdit(document) && (
              <Link to={`${list}/${document.id}/edit`} className="btn btn-secondary">
                Edit
              </Link>
            )}
            {Actions && <Actions document={document} />}
            {kind.post.when(document) && (
              <button type="button" className="btn btn-primary" onClick={() => ask(kind.post)}>
                {kind.post.label}
              </button>
            )}
            {!order && payment}
            {kind.cancel.when(document) && can.cancelDocument(document) && (
              <button type="button" className="btn btn-danger-outline" onClick={() => ask(kind.cancel)}>
                {kind.cancel.label}
              </button>
            )}
            {kind.canDelete(document) && can.deleteDocument(kind.mode, document) && (
              <button type="button" className="btn btn-danger-outline" onClick={destroy}>
                Delete
              </button>
            )}
          </>
        }
      />
      {action.dialog}
      {node}
    </>
  );
}

/** /invoices/:id: the document with Print, Edit, the kind's actions, Record Payment, Cancel, Delete, and its payments. */
export function DocumentDetailPage<D extends TradingDocument, L extends { id: number }>({ kind }: { kind: DocumentKind<D, L> }) {
  return <DocumentLoad kind={kind}>{(document) => <DocumentPage kind={kind} document={document} />}</DocumentLoad>;
}
