import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/routes/Link';
import type { FieldErrors } from '@schemas/common';
import type { DocumentVehicle, Vehicle } from '@schemas/vehicles';
import { Field } from '../../shared/forms/Field';
import { customerVehiclesQuery, mileageText, vehicleText } from '../../shared/api/vehicles';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { SelectField } from '../../shared/ui/SelectField';
import type { KeptHeader } from './draft';

/** What a quote, an invoice or a sale says of its vehicle. */
interface WithVehicle {
  vehicle_id: number | null;
  mileage: number | null;
  vehicle: DocumentVehicle | null;
}

/** The size to offer for a vehicle: the tires last fitted to it, else the first size recorded on it. */
const sizeOf = (vehicle: Vehicle | undefined) => vehicle?.last_tire_size ?? vehicle?.tire_sizes?.split(/[,;]/)[0]?.trim() ?? null;

/**
 * The editor's vehicle and mileage, once the customer is chosen: one of the customer's vehicles, the
 * mileage it came in with (a mileage below the last recorded one is confirmed with a tick), and the
 * tire size last fitted to it, which the product picker then offers.
 */
export function useVehicleFields(enabled: boolean, customerId: number | null, document: Partial<WithVehicle> | undefined, kept?: KeptHeader) {
  const [vehicleId, setVehicleId] = useState(kept?.vehicle_id ?? (document?.vehicle_id ? String(document.vehicle_id) : ''));
  const [mileage, setMileage] = useState(kept?.mileage ?? (document?.mileage == null ? '' : String(document.mileage)));
  const [confirmed, setConfirmed] = useState(false);
  const vehicles = useQuery({ ...customerVehiclesQuery(customerId ?? 0), enabled: enabled && customerId !== null });
  const list = vehicles.data?.data ?? [];
  const chosen = list.find((vehicle) => String(vehicle.id) === vehicleId);

  // Another customer's vehicles are not theirs.
  const customerOf = useRef(customerId);
  useEffect(() => {
    if (customerOf.current === customerId) return;
    customerOf.current = customerId;
    setVehicleId('');
    setConfirmed(false);
  }, [customerId]);

  const input = enabled ? { vehicle_id: vehicleId, mileage, ...(confirmed ? { mileage_confirmed: true } : {}) } : {};
  const fields = (errors: FieldErrors) =>
    enabled && (
      <>
        <SelectField
          name="vehicle_id"
          label="Vehicle"
          value={vehicleId}
          onChange={(value) => {
            setVehicleId(value);
            setConfirmed(false);
          }}
          placeholder={customerId === null ? 'Choose the customer first' : list.length ? 'No vehicle' : 'No vehicles recorded'}
          options={list.map((vehicle) => ({ value: String(vehicle.id), label: vehicleText(vehicle) }))}
          disabled={customerId === null}
          errors={errors.vehicle_id}
          hint={
            chosen
              ? [chosen.last_mileage !== null && `Last mileage ${mileageText(chosen.last_mileage)}`, sizeOf(chosen) && `Tires ${sizeOf(chosen)}`]
                  .filter(Boolean)
                  .join(' · ') || undefined
              : undefined
          }
        />
        <Field
          name="mileage"
          label="Mileage"
          type="number"
          value={mileage}
          onChange={(value) => {
            setMileage(value);
            setConfirmed(false);
          }}
          errors={errors.mileage}
          inputProps={{ step: '1', min: '0', inputMode: 'numeric' }}
        />
        {(errors.mileage?.some((message) => message.startsWith('The last recorded mileage')) || confirmed) && (
          <CheckboxField name="mileage_confirmed" label="This mileage is right" checked={confirmed} onChange={setConfirmed} hint="The odometer was replaced or the last reading was wrong." />
        )}
      </>
    );
  return { input, fields, tireSize: enabled ? sizeOf(chosen) : null };
}

/** The vehicle and mileage on a document's page, when it names a vehicle. */
export function vehicleFacts(shown: object) {
  const document = shown as Partial<WithVehicle>;
  if (!document.vehicle) return [];
  return [
    { label: 'Vehicle', value: <Link to={`/vehicles/${document.vehicle.id}`}>{vehicleText(document.vehicle)}</Link> },
    ...(document.vehicle.vin ? [{ label: 'VIN', value: document.vehicle.vin }] : []),
    ...(document.mileage != null ? [{ label: 'Mileage', value: mileageText(document.mileage) }] : []),
  ];
}
