import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { errorMessages, isApiError } from '../../shared/api/client';
import { useIdempotencyKey } from '../../shared/api/useIdempotencyKey';
import { BranchSelect, useNewDocumentBranch } from '../../shared/branches/BranchSelect';
import { Field } from '../../shared/forms/Field';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { SelectField } from '../../shared/ui/SelectField';
import { useStartCount, type StartCountBody } from './api';
import './stock-counts.css';

const SCOPES = [
  { value: '', label: 'All products' },
  { value: 'tire', label: 'Tires' },
  { value: 'battery', label: 'Batteries' },
  { value: 'wiper', label: 'Wiper blades' },
  { value: 'item', label: 'Other items' },
  { value: 'tire_brand', label: 'One tire brand' },
  { value: 'battery_brand', label: 'One battery brand' },
];

/** /stock-counts/new: a branch and what to count. */
export function StartCountPage() {
  const [locationId, setLocationId] = useState(useNewDocumentBranch());
  const [scope, setScope] = useState('');
  const [brandId, setBrandId] = useState('');
  const [notes, setNotes] = useState('');
  const start = useStartCount();
  const keyFor = useIdempotencyKey();
  const navigate = useNavigate();
  const flash = useFlash();
  const fieldErrors = isApiError(start.error, 422) ? (start.error.errors ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: StartCountBody = {
      location_id: Number(locationId),
      scope:
        scope === 'tire_brand'
          ? { tire_brand_id: Number(brandId) }
          : scope === 'battery_brand'
            ? { battery_brand_id: Number(brandId) }
            : scope
              ? { kind: scope }
              : {},
      notes,
    };
    start.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (count) => {
          flash(`${count.number} started: ${count.lines.toLocaleString()} products to count.`);
          navigate(`/stock-counts/${count.id}`);
        },
      },
    );
  };

  const errors = start.error ? (isApiError(start.error, 422) ? errorMessages(start.error, 'The count could not be started.') : [start.error.message]) : null;
  const brandPath = scope === 'tire_brand' ? 'tire-brands' : 'battery-brands';

  return (
    <section>
      <PageHeader
        title="Start a Stock Count"
        actions={
          <Link to="/stock-counts" className="btn btn-secondary">
            Back to Stock Counts
          </Link>
        }
      />
      <form className="card sc-start" onSubmit={submit} noValidate>
        <p className="sc-note">
          Each product's shelf quantity is kept as the count starts. Selling and receiving go on while you count: what moves before a product is
          counted is not taken for a difference.
        </p>
        {errors && <ErrorBox messages={errors} />}
        <div className="sc-start-fields">
          <BranchSelect value={locationId} onChange={setLocationId} label="Branch" errors={fieldErrors.location_id} />
          <SelectField
            name="scope"
            label="What to count"
            value={scope}
            onChange={(value) => {
              setScope(value);
              setBrandId('');
            }}
            options={SCOPES.filter((option) => option.value)}
            placeholder="All products"
            errors={fieldErrors.scope}
          />
          {(scope === 'tire_brand' || scope === 'battery_brand') && (
            <LookupSelect
              key={brandPath}
              path={brandPath}
              name="brand_id"
              label="Brand"
              value={brandId}
              onChange={setBrandId}
              placeholder="Select a brand"
              empty="No brands yet"
              required
              errors={fieldErrors['scope.tire_brand_id'] ?? fieldErrors['scope.battery_brand_id']}
            />
          )}
          <Field name="notes" label="Notes" value={notes} onChange={setNotes} multiline wide />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={start.isPending} aria-busy={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start Count'}
          </button>
        </div>
      </form>
    </section>
  );
}
