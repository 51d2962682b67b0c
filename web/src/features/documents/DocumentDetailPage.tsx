import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { usePermissions } from '../../shared/auth/permissions';
import { usePrint, type PrintLayout } from '../../shared/print';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { MenuButton } from '../../shared/ui/MenuButton';
import { useFlash } from '../../shared/ui/Flash';
import { useConfirmedAction } from '../../shared/ui/useConfirmedAction';
import { useDocumentMutations } from './api';
import { DocumentLoad } from './DocumentLoad';
import { DocumentView } from './DocumentView';
import { capitalized, numberOf, type DocumentKind, type TradingDocument, type Transition } from './kind';
import { RecordPayment } from './PaymentDialog';
import { StatusBadge } from './StatusBadge';
import { vehicleFacts } from './VehicleFields';

const LAYOUT_LABELS: Record<PrintLayout, string> = { a4: 'A4', thermal: '80 mm receipt' };

/** A key pressed on the page itself, not typed into a box. */
const typedInBox = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Right after a counter sale is created: Print receipt, focused, and P from anywhere on the page.
 * `layout` is what the create page asked the document's page to offer first.
 */
function PrintFirst({ layout, print }: { layout: PrintLayout; print: (layout: PrintLayout) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'p' || event.ctrlKey || event.metaKey || event.altKey || typedInBox(event.target)) return;
      event.preventDefault();
      print(layout);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [layout, print]);
  return (
    <button ref={button} type="button" className="btn btn-primary" aria-keyshortcuts="P" onClick={() => print(layout)}>
      {layout === 'thermal' ? 'Print receipt' : 'Print'}
      <kbd className="btn-shortcut" aria-hidden="true">
        P
      </kbd>
    </button>
  );
}

function DocumentPage<D extends TradingDocument, L extends { id: number }>({ kind, document }: { kind: DocumentKind<D, L>; document: D }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const { transition, remove } = useDocumentMutations<D>(kind.queries);
  const action = useConfirmedAction();
  const can = usePermissions();
  const { print, node } = usePrint(kind.printable(document));
  const list = `/${kind.path}`;
  const layouts = kind.printLayouts ?? ['a4', 'thermal'];
  const printFirst = (useLocation().state as { print?: PrintLayout } | null)?.print;

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
  const payment = kind.receiptableType && kind.canPay(document) && (
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
        facts={[...kind.facts(document), ...vehicleFacts(document)]}
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
            {printFirst && layouts.includes(printFirst) && <PrintFirst layout={printFirst} print={print} />}
            {layouts.length > 1 ? (
              <MenuButton label="Print" items={layouts.map((layout) => ({ label: LAYOUT_LABELS[layout], onSelect: () => print(layout) }))} />
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => print()}>
                Print
              </button>
            )}
            {kind.canEdit(document) && (
              <Link to={`${list}/${document.id}/edit`} className="btn btn-secondary">
                Edit
              </Link>
            )}
            {Actions && <Actions document={document} />}
            {kind.post?.when(document) && (
              <button type="button" className="btn btn-primary" onClick={() => ask(kind.post!)}>
                {kind.post.label}
              </button>
            )}
            {!order && payment}
            {kind.cancel?.when(document) && can.cancelDocument(document, kind.cancel.adminOnly) && (
              <button type="button" className="btn btn-danger-outline" onClick={() => ask(kind.cancel!)}>
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
