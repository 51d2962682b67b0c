import { toCsv } from '@schemas/csv';
import { TIRE_CSV_COLUMNS, type Tire } from '@schemas/tires';


/** One tire in the export's format, built from the record on screen. */
export function tireCsv(tire: Tire): string {
  return toCsv(TIRE_CSV_COLUMNS, [
    [
      tire.id, tire.brand.name, tire.pattern?.name, tire.tire_type.name, tire.size, tire.dot, tire.made_in, tire.date_received,
      tire.date_of_production, tire.supplier?.name, tire.location?.name, tire.construction_type, tire.run_flat, tire.fuel_rating,
      tire.water_rating, tire.cost_price.toFixed(2), tire.selling_price.toFixed(2), tire.quantity, tire.active, tire.notes, tire.barcode,
    ],
  ]);
}
