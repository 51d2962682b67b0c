import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { transferInput, type Transfer } from '@schemas/transfers';
import { isApiError } from '../../shared/api/client';
import { lookupQuery } from '../../shared/api/lookups';
import { PRODUCT_TYPE_LABELS, productPickerQuery, type ProductEntry } from '../../shared/api/products';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { useHomeBranch } from '../../shared/branches/BranchSelect';
import { Field } from '../../shared/forms/Field';
import { FormCard } from '../../shared/forms/FormCard';
import { SearchCombobox } from '../../shared/forms/SearchCombobox';
import { useServerErrors } from '../../shared/forms/serverErrors';
import { useSchemaForm } from '../../shared/forms/useSchemaForm';
import { today } from '../../shared/ui/dates';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { Spinner } from '../../shared/ui/Spinner';
import { transferKeys, transferQuery, useSaveTransfer } from './api';
import './transfers.css';

interface Line {
  product_id: number;
  product_name: string;
  quantity: string;
}

interface Values extends Record<string, unknown> {
  from_location_id: string;
  to_location_id: string;
  transfer_date: string;
  notes: string;
  items: Line[];
}

const FIELDS = ['from_location_id', 'to_location_id', 'transfer_date', 'notes', 'items'];

function valuesOf(transfer: Transfer | null, homeBranch: string): Values {
  if (!transfer) return { from_location_id: homeBranch, to_location_id: '', transfer_date: today(), notes: '', items: [] };
  return {
    from_location_id: String(transfer.from_location.id),
    to_location_id: String(transfer.to_location.id),
    transfer_date: transfer.transfer_date,
    notes: transfer.notes ?? '',
    items: transfer.items.map((item) => ({ product_id: item.product_id, product_name: item.product_name, quantity: String(item.quantity) })),
  };
}

function stockText(product: ProductEntry): string {
  if (product.stock === null) return 'No stock kept';
  return product.stock > 0 ? `${product.stock} at this branch` : 'None at this branch';
}

function TransferForm({ transfer, onReload }: { transfer: Transfer | null; onReload?: () => void }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const homeBranch = useHomeBranch();
  const save = useSaveTransfer(transfer ? String(transfer.id) : null);
  const idempotencyKey = useIdempotencyKey();
  const locations = useQuery(lookupQuery('locations'));
  const form = useSchemaForm(transferInput, valuesOf(transfer, homeBranch), { version: transfer?.version, onDiscard: onReload });
  const messages = useServerErrors(save.error, 'The transfer could not be saved.', FIELDS, form.setErrors);
  const [product, setProduct] = useState<ProductEntry | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [lineError, setLineError] = useState<string | null>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const { values } = form;
  const branchOptions = (locations.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));

  const setItems = (items: Line[]) => form.setField('items', items);
  const addLine = () => {
    const count = Math.floor(Number(quantity));
    if (!product || !(count >= 1)) return setLineError('Please select a product and quantity');
    if (product.type === 'service') return setLineError(`${product.name} is a service: services have no stock to transfer`);
    setLineError(null);
    const existing = values.items.find((line) => line.product_id === product.id);
    setItems(
      existing
        ? values.items.map((line) => (line.product_id === product.id ? { ...line, quantity: String(Number(line.quantity) + count) } : line))
        : [...values.items, { product_id: product.id, product_name: product.name, quantity: String(count) }],
    );
    setProduct(null);
    setQuantity('1');
    pickerRef.current?.focus();
  };

  const submit = () => {
    const input = form.validate();
    if (input === null) return;
    const body = { ...input, notes: input.notes ?? '' };
    save.mutate(
      { body, version: transfer?.version, idempotencyKey: idempotencyKey(body) },
      {
        onSuccess: (saved) => {
          form.draft?.clear();
          flash(transfer ? `${saved.number} saved.` : `Transfer ${saved.number} created. Ship it when the goods leave.`);
          navigate(`/transfers/${saved.id}`);
        },
      },
    );
  };

  const itemErrors = Object.entries(form.errors)
    .filter(([name]) => name === 'items' || name.startsWith('items.'))
    .flatMap(([, list]) => list);

  return (
    <FormCard
      title="Transfer details"
      onSubmit={submit}
      messages={messages}
      submitLabel={transfer ? 'Save Transfer' : 'Create Transfer'}
      pending={save.isPending}
      cancelTo={transfer ? `/transfers/${transfer.id}` : '/transfers'}
      onReload={isApiError(save.error, 412) ? onReload : undefined}
      draft={form.draft}
    >
      <SelectField label="From Branch" required options={branchOptions} placeholder="Select a branch" {...form.bind('from_location_id')} />
      <SelectField label="To Branch" required options={branchOptions} placeholder="Select a branch" {...form.bind('to_location_id')} />
      <Field label="Date" type="date" required {...form.bind('transfer_date')} />
      <Field label="Notes" multiline {...form.bind('notes')} />
      <fieldset className="tr-lines field-wide">
        <legend>Products</legend>
        <div className="tr-line-entry" onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), addLine())}>
          <SearchCombobox
            label="Product"
            value={product}
            onChange={setProduct}
            query={(search) => productPickerQuery('', search, values.from_location_id)}
            optionsOf={(page) => page.data.filter((option) => option.type !== 'service')}
            optionKey={(option) => option.id}
            optionText={(option) => option.name}
            renderOption={(option) => (
              <span className="picker-option">
                <span className="picker-option-name">{option.name}</span>
                <span className="picker-option-meta">
                  {PRODUCT_TYPE_LABELS[option.type]} · <span className={option.stock === 0 ? 'picker-out' : undefined}>{stockText(option)}</span>
                </span>
              </span>
            )}
            placeholder="Size, name or barcode"
            hint="The stock shown is at the From branch."
            inputRef={pickerRef}
          />
          <Field name="line_quantity" label="Quantity" type="number" value={quantity} onChange={setQuantity} inputProps={{ step: '1', min: '1', inputMode: 'numeric' }} />
          <button type="button" className="btn btn-secondary tr-add" onClick={addLine}>
            Add
          </button>
        </div>
        {(lineError || itemErrors.length > 0) && <ErrorBox messages={[...(lineError ? [lineError] : []), ...itemErrors]} />}
        {values.items.length === 0 ? (
          <p className="empty">No products yet: search for one above and press Enter.</p>
        ) : (
          <DataTable
            caption="Products to transfer"
            rows={values.items}
            rowKey={(line) => line.product_id}
            rowLabel={(line) => line.product_name}
            plain
            columns={[
              { header: 'Product', cell: (line) => line.product_name },
              {
                header: 'Quantity',
                numeric: true,
                cell: (line) => (
                  <input
                    className="tr-qty"
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    aria-label={`Quantity of ${line.product_name}`}
                    value={line.quantity}
                    onChange={(event) => setItems(values.items.map((other) => (other.product_id === line.product_id ? { ...other, quantity: event.target.value } : other)))}
                  />
                ),
              },
            ]}
            actions={(line) => (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`Remove ${line.product_name}`}
                onClick={() => setItems(values.items.filter((other) => other.product_id !== line.product_id))}
              >
                Remove
              </button>
            )}
          />
        )}
      </fieldset>
    </FormCard>
  );
}

/** /transfers/new */
export function TransferCreatePage() {
  return (
    <section>
      <PageHeader
        title="New Transfer"
        actions={
          <Link to="/transfers" className="btn btn-secondary">
            Back to Transfers
          </Link>
        }
      />
      <TransferForm transfer={null} />
    </section>
  );
}

/** /transfers/:id/edit: a draft's branches, date, notes and products. */
export function TransferEditPage() {
  const { id = '' } = useParams();
  const transfer = useQuery(transferQuery(id));
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(0);
  const reload = () => queryClient.invalidateQueries({ queryKey: transferKeys.detail(id) }).then(() => setOpened((count) => count + 1));
  const data = transfer.data;
  return (
    <section>
      <PageHeader
        title={data ? `Edit ${data.number}` : 'Edit Transfer'}
        actions={
          <Link to={`/transfers/${id}`} className="btn btn-secondary">
            Back to Transfer
          </Link>
        }
      />
      {transfer.isPending ? (
        <Spinner label="Loading transfer..." />
      ) : transfer.isError ? (
        <ErrorBox messages={[isApiError(transfer.error, 404) ? 'Transfer not found' : `Error loading transfer: ${transfer.error.message}`]} />
      ) : data!.status !== 'draft' ? (
        <ErrorBox messages={[`${data!.number} has been ${data!.status === 'shipped' ? 'shipped' : data!.status} and cannot be changed.`]} />
      ) : (
        <TransferForm key={`${data!.version}-${opened}`} transfer={data!} onReload={reload} />
      )}
    </section>
  );
}
