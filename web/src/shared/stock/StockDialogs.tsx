import { useEffect, useState } from 'react';
import { Link } from '../routes/Link';
import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADJUSTMENT_REASONS, priceInput, REASON_LABELS, stockAdjustmentInput, stockTransferInput } from '@schemas/stock';
import { reorderLevelInput } from '@schemas/reorder';
import { errorMessages, isApiError } from '../api/client';
import { useHomeBranch } from '../branches/BranchSelect';
import { Field } from '../forms/Field';
import { useSchemaForm, type FormValues } from '../forms/useSchemaForm';
import { FormDialog } from '../ui/FormDialog';
import { useFlash } from '../ui/Flash';
import { SelectField } from '../ui/SelectField';
import { CostPriceField } from './CostPriceField';
import { stockQueries, useStockMutations, type StockProduct } from './api';

export interface StockDialogProps {
  product: StockProduct;
  /** Queries of the caller's to refresh after the change (see useStockMutations). */
  refresh?: readonly QueryKey[];
  onClose: () => void;
}

/** Checks the form, sends it, and on a refusal shows the server's field messages or its conflict message. */
function useDialogForm<S extends z.ZodType, V>(
  schema: S,
  initial: FormValues,
  mutation: UseMutationResult<unknown, Error, { id: number; input: V; version?: number }>,
  { product, onClose }: StockDialogProps,
  done: string,
) {
  const form = useSchemaForm(schema, initial);
  const flash = useFlash();
  // The product as the dialog opened it: a change made from it is refused (412) if it changed since.
  const [version] = useState(product.version);
  const submit = () => {
    const input = form.validate();
    if (input === null) return;
    mutation.mutate(
      { id: product.id, input: input as V, version },
      {
        onSuccess: () => {
          flash(done);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 422) && error.errors) form.setErrors(error.errors);
        },
      },
    );
  };
  const error = mutation.error;
  const errors =
    !error || (isApiError(error, 422) && error.errors)
      ? null
      : isApiError(error, 412)
        ? errorMessages(error, '')
        : [isApiError(error, 409) || isApiError(error, 404) ? error.message : 'Could not save the change. Please try again.'];
  return { form, submit, errors, field: form.bind, pending: mutation.isPending };
}

function useBranches(product: StockProduct) {
  const stock = useQuery(stockQueries.stock(product.id));
  const options = (stock.data ?? []).map((branch) => ({
    value: String(branch.location_id),
    label: `${branch.location_name} (${branch.quantity} in stock)`,
  }));
  return { options, placeholder: stock.isPending ? 'Loading...' : 'Select a branch' };
}

const reasonOptions = ADJUSTMENT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

export function AdjustStockDialog(props: StockDialogProps) {
  const { product, refresh, onClose } = props;
  const { adjust } = useStockMutations(refresh);
  const branches = useBranches(product);
  const home = useHomeBranch();
  const initial = { location_id: home || (product.location_id ? String(product.location_id) : ''), delta: '', reason: 'count_correction', note: '' };
  const { form, submit, errors, field, pending } = useDialogForm(stockAdjustmentInput, initial, adjust, props, 'Stock adjusted.');

  return (
    <FormDialog title="Adjust Stock" submitLabel="Adjust Stock" pending={pending} errors={errors} onSubmit={submit} onClose={onClose}>
      <SelectField label="Branch" required options={branches.options} placeholder={branches.placeholder} {...field('location_id')} />
      <Field
        label="Change"
        type="number"
        required
        inputProps={{ step: '1', inputMode: 'numeric', placeholder: 'e.g. 4 or -2' }}
        {...field('delta')}
      />
      <SelectField label="Reason" required options={reasonOptions} {...field('reason')} />
      <Field label="Note" multiline required={form.values.reason === 'other'} {...field('note')} />
    </FormDialog>
  );
}

export function TransferStockDialog(props: StockDialogProps) {
  const { product, refresh, onClose } = props;
  const { transfer } = useStockMutations(refresh);
  const branches = useBranches(product);
  const initial = { from_location_id: useHomeBranch(), to_location_id: '', quantity: '', note: '' };
  const { submit, errors, field, pending } = useDialogForm(stockTransferInput, initial, transfer, props, 'Stock transferred.');

  return (
    <FormDialog title="Transfer Stock" submitLabel="Transfer" pending={pending} errors={errors} onSubmit={submit} onClose={onClose}>
      <p className="stock-dialog-note">
        Ships and receives at once: the goods are at the other branch as soon as you save. For goods that spend time on the road, make a <Link to="/transfers/new">transfer</Link>.
      </p>
      <SelectField label="From Branch" required options={branches.options} placeholder={branches.placeholder} {...field('from_location_id')} />
      <SelectField label="To Branch" required options={branches.options} placeholder={branches.placeholder} {...field('to_location_id')} />
      <Field label="Quantity" type="number" required inputProps={{ step: '1', min: '1', inputMode: 'numeric' }} {...field('quantity')} />
      <Field label="Note" multiline {...field('note')} />
    </FormDialog>
  );
}

export function PriceDialog(props: StockDialogProps) {
  const { product, refresh, onClose } = props;
  const { price } = useStockMutations(refresh);
  const initial = { cost_price: product.cost_price.toFixed(2), selling_price: product.selling_price.toFixed(2) };
  const { submit, errors, field, pending } = useDialogForm(priceInput, initial, price, props, 'Price updated.');
  const money = { step: '0.01', min: '0', inputMode: 'decimal' as const };

  return (
    <FormDialog title="Update Price" submitLabel="Update Price" pending={pending} errors={errors} onSubmit={submit} onClose={onClose}>
      <CostPriceField change required inputProps={money} {...field('cost_price')} />
      <Field label="Selling Price" type="number" required inputProps={money} {...field('selling_price')} />
    </FormDialog>
  );
}

/** A branch's reorder point and order-up-to level; both empty clear them. */
export function ReorderPointDialog(props: StockDialogProps) {
  const { product, refresh, onClose } = props;
  const { reorderLevel } = useStockMutations(refresh);
  const stock = useQuery(stockQueries.stock(product.id));
  const branches = useBranches(product);
  const home = useHomeBranch();
  const initial = { location_id: home || (product.location_id ? String(product.location_id) : ''), reorder_point: '', order_up_to: '' };
  const { form, submit, errors, field, pending } = useDialogForm(reorderLevelInput, initial, reorderLevel, props, 'Reorder point saved.');
  const chosen = form.values.location_id;
  const saved = stock.data?.find((branch) => String(branch.location_id) === chosen);
  // The branch's saved levels fill the fields when a branch is chosen.
  useEffect(() => {
    if (!saved) return;
    form.setField('reorder_point', saved.reorder_point === null ? '' : String(saved.reorder_point));
    form.setField('order_up_to', saved.order_up_to === null ? '' : String(saved.order_up_to));
  }, [chosen, saved !== undefined]);
  const count = { step: '1', min: '0', inputMode: 'numeric' as const };

  return (
    <FormDialog title="Reorder Point" submitLabel="Save" pending={pending} errors={errors} onSubmit={submit} onClose={onClose}>
      <SelectField label="Branch" required options={branches.options} placeholder={branches.placeholder} {...field('location_id')} />
      <Field
        label="Reorder Point"
        type="number"
        inputProps={count}
        hint="Low at this branch at or below it. Leave both empty to use the product's own low-stock level."
        {...field('reorder_point')}
      />
      <Field label="Order Up To" type="number" inputProps={count} hint="A reorder suggestion orders back up to this." {...field('order_up_to')} />
    </FormDialog>
  );
}

/** The dialogs by name, for a page that opens one at a time. */
const STOCK_DIALOGS = { adjust: AdjustStockDialog, transfer: TransferStockDialog, reorder: ReorderPointDialog, price: PriceDialog };
type StockDialogName = keyof typeof STOCK_DIALOGS;

/** The Adjust Stock, Transfer Stock and (optionally) Update Price buttons, and the dialog one opens. */
export function useStockActions(product: StockProduct, refresh: readonly QueryKey[] | undefined, withPrice: boolean) {
  const [open, setOpen] = useState<StockDialogName | null>(null);
  const Dialog = open && STOCK_DIALOGS[open];
  const buttons = (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen('adjust')}>
        Adjust Stock
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen('transfer')}>
        Transfer Stock
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen('reorder')}>
        Reorder Point
      </button>
      {withPrice && (
        <button type="button" className="btn btn-secondary" onClick={() => setOpen('price')}>
          Update Price
        </button>
      )}
    </>
  );
  const dialog = Dialog && <Dialog product={product} refresh={refresh} onClose={() => setOpen(null)} />;
  return { buttons, dialog };
}
