import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../shared/routes/Link';
import type { VehicleVisit } from '@schemas/vehicles';
import { isApiError } from '../../shared/api/client';
import { mileageText, vehicleHistoryQuery, vehicleQuery, vehicleText } from '../../shared/api/vehicles';
import { ActivitySection } from '../../shared/audit/ActivitySection';
import { DataTable } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { formatDate } from '../../shared/ui/dates';
import { formatMoney } from '../../shared/ui/money';
import { PageHeader } from '../../shared/ui/Page';
import { Pagination } from '../../shared/ui/Pagination';
import { Spinner } from '../../shared/ui/Spinner';
import { VehicleDialog } from '../../shared/vehicles/VehicleDialog';
import '../../shared/vehicles/vehicles.css';

const DOCUMENTS = { Quote: ['Quote', '/quotes'], Invoice: ['Invoice', '/invoices'], Sale: ['Sale', '/sales'] } as const;
const TYPE_LABELS: Record<string, string> = { tire: 'Tire', battery: 'Battery', wiper: 'Wiper', service: 'Service', item: 'Item' };
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One visit: the document, its date, branch and mileage, and what was fitted (each tire's size, brand, pattern and DOT). */
function Visit({ visit }: { visit: VehicleVisit }) {
  const [noun, path] = DOCUMENTS[visit.document_type];
  const title = `${noun} ${visit.number ?? `#${visit.document_id}`}`;
  return (
    <article className="card vehicle-visit" aria-label={title}>
      <div className="vehicle-visit-head">
        <h3>
          <Link to={`${path}/${visit.document_id}`}>{title}</Link>
        </h3>
        <span>{formatDate(visit.date)}</span>
        <span className="vehicle-visit-meta">{visit.mileage === null ? 'Mileage not recorded' : `Mileage ${mileageText(visit.mileage)}`}</span>
        <span className="vehicle-visit-meta">
          {visit.location.name} · {capitalized(visit.status)} · {formatMoney(visit.net_amount)}
        </span>
      </div>
      <DataTable
        caption={`What was fitted on ${title}`}
        rows={visit.items}
        rowKey={(item) => `${item.product_id}-${item.dot}-${item.quantity}-${item.product_name}`}
        rowLabel={(item) => item.product_name}
        columns={[
          { header: 'Item', cell: (item) => item.product_name },
          { header: 'Type', cell: (item) => TYPE_LABELS[item.product_type] ?? item.product_type },
          { header: 'Size', cell: (item) => item.size ?? '' },
          { header: 'Brand', cell: (item) => item.brand ?? '' },
          { header: 'Pattern', cell: (item) => item.pattern ?? '' },
          { header: 'DOT', cell: (item) => item.dot ?? '', className: 'cell-nowrap' },
          { header: 'Quantity', cell: (item) => item.quantity, numeric: true },
        ]}
      />
    </article>
  );
}

/** /vehicles/{id}: the vehicle, its owner, and its history of quotes, invoices and sales, newest first. */
export function VehiclePage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const vehicle = useQuery(vehicleQuery(id));
  const history = useQuery(vehicleHistoryQuery(id, page));

  if (vehicle.isPending) return <Spinner page label="Loading vehicle..." />;
  if (vehicle.isError) {
    return (
      <section>
        <PageHeader title="Vehicle" />
        <ErrorBox messages={[isApiError(vehicle.error, 404) ? 'Vehicle not found' : 'Error loading the vehicle.']} />
      </section>
    );
  }
  const car = vehicle.data;
  return (
    <section>
      <PageHeader
        title={`Vehicle ${vehicleText(car)}`}
        actions={
          <>
            <Link to={`/sales/create?customer_id=${car.customer_id}`} className="btn btn-primary">
              New sale
            </Link>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
          </>
        }
      />
      <div className="card">
        <DetailList
          items={[
            { label: 'Plate', value: car.plate },
            { label: 'Owner', value: <Link to={`/customers/${car.customer.id}`}>{car.customer.name}</Link> },
            { label: 'Phone', value: car.customer.phone },
            { label: 'Make', value: car.make },
            { label: 'Model', value: car.model },
            { label: 'Year', value: car.year === null ? null : String(car.year) },
            { label: 'VIN', value: car.vin },
            { label: 'Tire Sizes', value: car.tire_sizes },
            { label: 'Tires Last Fitted', value: car.last_tire_size },
            { label: 'Last Mileage', value: car.last_mileage === null ? null : mileageText(car.last_mileage) },
            { label: 'Notes', value: car.notes },
          ]}
        />
      </div>
      <section aria-labelledby="vehicle-history" className="vehicle-history">
        <div className="vehicles-head">
          <h2 id="vehicle-history">History</h2>
        </div>
        {history.isPending ? (
          <Spinner label="Loading history..." />
        ) : history.isError ? (
          <ErrorBox messages={['Error loading the history.']} />
        ) : history.data.data.length === 0 ? (
          <p className="card empty">No quotes, invoices or sales for this vehicle yet.</p>
        ) : (
          <>
            {history.data.data.map((visit) => (
              <Visit key={`${visit.document_type}-${visit.document_id}`} visit={visit} />
            ))}
            {history.data.last_page > 1 && <Pagination page={page} lastPage={history.data.last_page} onChange={setPage} />}
          </>
        )}
      </section>
      <ActivitySection recordType="vehicle" recordId={car.id} />
      {editing && <VehicleDialog customerId={car.customer_id} vehicle={car} onClose={() => setEditing(false)} />}
    </section>
  );
}
