import type { DocumentVehicle } from '@schemas/vehicles';
import { mileageText, vehicleText } from '../api/vehicles';
import type { Facts } from './format';

/** The vehicle a quote, an invoice or a sale was for, its VIN and the mileage it came in with. */
export function vehiclePrintFacts(document: { vehicle: DocumentVehicle | null; mileage: number | null }): Facts {
  if (!document.vehicle) return [];
  return [
    ['Vehicle', vehicleText(document.vehicle)],
    ...(document.vehicle.vin ? ([['VIN', document.vehicle.vin]] as Facts) : []),
    ...(document.mileage !== null ? ([['Mileage', mileageText(document.mileage)]] as Facts) : []),
  ];
}
