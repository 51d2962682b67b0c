-- A product's barcode (EAN-13 or UPC-A, checked by the API), unique, so a scanner finds exactly one product.
alter table public.products add column barcode text check (barcode ~ '^[0-9]{12,13}$');
create unique index products_barcode_key on public.products (barcode) where barcode is not null;

drop trigger audit_products_update on public.products;
create trigger audit_products_update after update on public.products
  for each row when (row(old.kind, old.cost_price, old.selling_price, old.active, old.notes, old.tax_rate_id, old.tax_exempt, old.barcode)
                     is distinct from row(new.kind, new.cost_price, new.selling_price, new.active, new.notes, new.tax_rate_id, new.tax_exempt, new.barcode)
                     or (old.kind not in ('tire', 'wiper') and old.name is distinct from new.name))
  execute function public.audit_row('product', 'name');
