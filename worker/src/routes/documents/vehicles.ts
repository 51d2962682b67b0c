import type { Db } from '../../db/port.ts';
import { HttpError } from '../../http/errors.ts';
import type { Body, DocumentKind } from './kinds.ts';

/** The answer's vehicle of a document `d`: {id, plate, vin, make, model, year}, or null. */
export const vehicleColumns = `d.vehicle_id, d.mileage, (select json_build_object('id', v.id, 'plate', v.plate, 'vin', v.vin, 'make', v.make,
  'model', v.model, 'year', v.year) from public.vehicles v where v.id = d.vehicle_id) as vehicle`;

/** The highest mileage recorded of the vehicle on its quotes, invoices and sales, but for the document itself. */
const lastMileage = `select max(m.mileage) as mileage from (
    select q.mileage from public.quotes q where q.vehicle_id = $1 and not ($2 = 'Quote' and q.id = $3)
    union all select i.mileage from public.invoices i where i.vehicle_id = $1 and not ($2 = 'Invoice' and i.id = $3)
    union all select s.mileage from public.sales s where s.vehicle_id = $1 and not ($2 = 'Sale' and s.id = $3)) m`;

/**
 * A body's vehicle must be one of its customer's, and its mileage not below the vehicle's last
 * recorded one unless `mileage_confirmed` says it is right: a 422 on `vehicle_id` or `mileage`.
 * Kinds without a vehicle among their fields are not checked.
 */
export async function requireVehicle(db: Db, kind: DocumentKind, input: Body, documentId: number | string = 0) {
  if (!kind.fields.includes('vehicle_id') || input.vehicle_id == null) return;
  const [vehicle] = await db.query<{ customer_id: number }>('select customer_id from public.vehicles where id = $1', [input.vehicle_id]);
  const refuse = (field: string, message: string) => {
    throw new HttpError(422, message, { [field]: [message] });
  };
  if (!vehicle) refuse('vehicle_id', 'The selected vehicle does not exist');
  if (Number(vehicle.customer_id) !== Number(input[kind.party.column])) refuse('vehicle_id', "This vehicle is not one of the customer's vehicles");
  if (input.mileage == null || input.mileage_confirmed) return;
  const [last] = await db.query<{ mileage: number | null }>(lastMileage, [input.vehicle_id, kind.type, documentId]);
  if (last.mileage !== null && input.mileage < Number(last.mileage)) {
    refuse(
      'mileage',
      `The last recorded mileage of this vehicle is ${Number(last.mileage).toLocaleString('en-US')}. Check the mileage, or confirm it is right.`,
    );
  }
}
