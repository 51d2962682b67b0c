import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { Customer } from '@schemas/customers';
import type { Vehicle } from '@schemas/vehicles';
import { customerVehiclesQuery, mileageText } from '../../shared/api/vehicles';
import { DataTable } from '../../shared/ui/DataTable';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { Spinner } from '../../shared/ui/Spinner';
import { VehicleDialog } from '../../shared/vehicles/VehicleDialog';
import '../../shared/vehicles/vehicles.css';

/** The customer's vehicles, each opening its history; Add Vehicle and Edit in a dialog. */
export function CustomerVehicles({ customer }: { customer: Customer }) {
  const vehicles = useQuery(customerVehiclesQuery(customer.id));
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  return (
    <section className="card" aria-labelledby="customer-vehicles">
      <div className="vehicles-head">
        <h2 id="customer-vehicles">Vehicles</h2>
        <button type="button" className="btn btn-secondary" onClick={() => setEditing('new')}>
          Add Vehicle
        </button>
      </div>
      {vehicles.isPending ? (
        <Spinner label="Loading vehicles..." />
      ) : vehicles.isError ? (
        <ErrorBox messages={['Error loading the vehicles.']} />
      ) : vehicles.data.data.length === 0 ? (
        <p className="empty">No vehicles recorded yet.</p>
      ) : (
        <DataTable
          caption="Vehicles"
          rows={vehicles.data.data}
          rowKey={(vehicle) => vehicle.id}
          rowLabel={(vehicle) => vehicle.plate}
          columns={[
            { header: 'Plate', cell: (vehicle) => <Link to={`/vehicles/${vehicle.id}`}>{vehicle.plate}</Link>, className: 'cell-nowrap' },
            { header: 'Vehicle', cell: (vehicle) => [vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' ') },
            { header: 'VIN', cell: (vehicle) => vehicle.vin ?? '' },
            { header: 'Tire Sizes', cell: (vehicle) => vehicle.last_tire_size ?? vehicle.tire_sizes ?? '' },
            { header: 'Last Mileage', cell: (vehicle) => (vehicle.last_mileage === null ? '' : mileageText(vehicle.last_mileage)), numeric: true },
          ]}
          actions={(vehicle) => (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(vehicle)}>
              Edit
            </button>
          )}
        />
      )}
      {editing && <VehicleDialog customerId={customer.id} vehicle={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
