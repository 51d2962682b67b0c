import type { Harness } from './harness.ts';
import { uniqueTag } from './api.ts';

export interface CatalogueFixture {
  tag: string;
  brandId: number;
  otherBrandId: number;
  typeId: number;
  supplierId: number;
  patternId: number;
  otherPatternId: number;
  downtownId: number;
  northsideId: number;
  names: { brand: string; otherBrand: string; type: string; supplier: string; pattern: string; downtown: string; northside: string };
}

/** Lookup rows of their own for one test file, uniquely named so shared databases stay apart. */
export async function catalogueFixture(h: Harness): Promise<CatalogueFixture> {
  const tag = uniqueTag();
  const names = {
    brand: `Brand ${tag}`,
    otherBrand: `Other ${tag}`,
    type: `Passenger ${tag}`,
    supplier: `Supplier ${tag}`,
    pattern: `Pattern ${tag}`,
    downtown: `Downtown ${tag}`,
    northside: `Northside ${tag}`,
  };
  return h.withDb(async (db) => {
    const id = async (sql: string, params: unknown[]) => Number((await db.query<{ id: number }>(`${sql} returning id`, params))[0].id);
    const brandId = await id('insert into public.tire_brands (name, country) values ($1, $2)', [names.brand, 'France']);
    const otherBrandId = await id('insert into public.tire_brands (name) values ($1)', [names.otherBrand]);
    const typeId = await id('insert into public.tire_types (name, section) values ($1, $2)', [names.type, 'Car']);
    const supplierId = await id('insert into public.suppliers (name, phone, address) values ($1, $2, $3)', [names.supplier, '555 0100', '1 Road']);
    const patternId = await id(
      "insert into public.patterns (name, category, price, tire_brand_id, tire_type_id) values ($1, 'automotive', 0, $2, $3)",
      [names.pattern, brandId, typeId],
    );
    const otherPatternId = await id("insert into public.patterns (name, category, price, tire_brand_id) values ($1, 'automotive', 0, $2)", [
      `Other pattern ${tag}`,
      otherBrandId,
    ]);
    const downtownId = await id('insert into public.locations (name, address) values ($1, $2)', [names.downtown, '1 Main St']);
    const northsideId = await id('insert into public.locations (name, address) values ($1, $2)', [names.northside, '2 North Rd']);
    return { tag, brandId, otherBrandId, typeId, supplierId, patternId, otherPatternId, downtownId, northsideId, names };
  });
}

export function tireBody(f: CatalogueFixture, overrides: Record<string, unknown> = {}) {
  return {
    tire_brand_id: f.brandId,
    pattern_id: f.patternId,
    supplier_id: f.supplierId,
    tire_type_id: f.typeId,
    location_id: f.downtownId,
    dot: '2326',
    made_in: 'France',
    date_received: '2026-11-01',
    size: `205 / 55 R 16 ${f.tag}`,
    construction_type: 'radial',
    run_flat: 0,
    fuel_rating: 'B',
    water_rating: 'A',
    cost_price: 60,
    selling_price: 89.99,
    quantity: 12,
    active: 1,
    product_type_id: 1,
    ...overrides,
  };
}
