import { useState } from 'react';
import type { Purchase } from '@schemas/documents';
import { isApiError } from '../../../shared/api/client';
import { today } from '../../../shared/ui/dates';
import { Field } from '../../../shared/forms/Field';
import { HeadRow } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { useDocumentMutations } from '../api';
import { purchaseQueries } from './purchaseRules';

const FAILED = 'Error receiving purchase order. Please try again.';

interface ReceiveDialogProps {
  purchase: Purchase;
  onClose: () => void;
  onReceived: (purchase: Purchase) => void;
}

/**
 * Receive: what came in a delivery, line by line (each defaulting to what is still outstanding, at most
 * that), and the day it came. A line left at 0 is not received now.
 */
export function ReceiveDialog({ purchase, onClose, onReceived }: ReceiveDialogProps) {
  const { transition } = useDocumentMutations<Purchase>(purchaseQueries);
  const lines = purchase.purchase_items
    .map((item) => ({ item, outstanding: item.quantity - item.received_quantity }))
    .filter((line) => line.outstanding > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(lines.map(({ item, outstanding }) => [item.id, String(outstanding)])),
  );
  const [deliveryDate, setDeliveryDate] = useState(today());
  const [lineErrors, setLineErrors] = useState<Record<number, string[]>>({});
  const [messages, setMessages] = useState<string[] | null>(null);

  const save = () => {
    const errors: Record<number, string[]> = {};
    const items = lines.map(({ item, outstanding }) => {
      const text = (quantities[item.id] ?? '').trim();
      const quantity = text === '' ? 0 : Number(text);
      if (!Number.isInteger(quantity) || quantity < 0) errors[item.id] = ['Quantity must be a whole number'];
      else if (quantity > outstanding) errors[item.id] = [`At most ${outstanding} (still outstanding)`];
      return { purchase_item_id: item.id, quantity };
    });
    setLineErrors(errors);
    if (Object.keys(errors).length) return setMessages(null);
    if (!items.some((line) => line.quantity > 0)) return setMessages(['Enter the quantity received for at least one item.']);
    setMessages(null);
    transition.mutate(
      { id: purchase.id, action: 'receive', input: { items, actual_delivery_date: deliveryDate } },
      {
        onSuccess: onReceived,
        onError: (failure) => {
          if (isApiError(failure, 422) && failure.errors) {
            const byLine: Record<number, string[]> = {};
            const other: string[] = [];
            for (const [field, texts] of Object.entries(failure.errors)) {
              const line = /^items\.(\d+)\./.exec(field);
              const id = line ? items[Number(line[1])]?.purchase_item_id : undefined;
              if (id) byLine[id] = texts;
              else other.push(...texts);
            }
            setLineErrors(byLine);
            setMessages(other.length ? other : null);
          } else {
            setMessages([(isApiError(failure, 409) || isApiError(failure, 422)) && failure.message ? failure.message : FAILED]);
          }
        },
      },
    );
  };

  return (
    <FormDialog title="Receive Items" submitLabel="Receive" pending={transition.isPending} errors={messages} onSubmit={save} onClose={onClose}>
      <p className="dialog-lead">
        Enter what came in this delivery of {purchase.number}: it is added to the stock of {purchase.location.name}.
      </p>
      <div className="table-wrap">
        <table className="data-table receive-table">
          <caption className="sr-only">Quantities received</caption>
          <thead>
            <HeadRow cells={['Item', ['Ordered', 'cell-number'], ['Received', 'cell-number'], ['Receive now', 'cell-number']]} />
          </thead>
          <tbody>
            {lines.map(({ item, outstanding }) => {
              const errors = lineErrors[item.id];
              return (
                <tr key={item.id} aria-label={item.product_name}>
                  <td className="cell-primary" data-label="Item">
                    {item.product_name}
                    {errors?.map((message) => (
                      <span key={message} className="line-warning">
                        {message}
                      </span>
                    ))}
                  </td>
                  <td className="cell-number" data-label="Ordered">
                    {item.quantity}
                  </td>
                  <td className="cell-number" data-label="Received">
                    {item.received_quantity}
                  </td>
                  <td className="cell-number" data-label="Receive now">
                    <input
                      className="line-input"
                      type="number"
                      inputMode="numeric"
                      step="1"
                      min="0"
                      max={outstanding}
                      value={quantities[item.id] ?? ''}
                      aria-label={`Receive now: ${item.product_name} (${outstanding} outstanding)`}
                      aria-invalid={errors ? true : undefined}
                      onChange={(event) => setQuantities((current) => ({ ...current, [item.id]: event.target.value }))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Field name="actual_delivery_date" label="Actual Delivery Date" type="date" value={deliveryDate} onChange={setDeliveryDate} />
    </FormDialog>
  );
}
