-- Customer and supplier searches look for the text in the name or the phone (`lower(column) like
-- '%…%'`). With the phone unindexed, that OR read every row: a count of a customer search took 4 ms
-- on 10,000 customers. With both columns indexed it is a bitmap OR of two index scans (0.7 ms).
create index customers_phone_trgm_idx on public.customers using gin (lower(phone) gin_trgm_ops);
create index suppliers_name_trgm_idx on public.suppliers using gin (lower(name) gin_trgm_ops);
create index suppliers_phone_trgm_idx on public.suppliers using gin (lower(phone) gin_trgm_ops);
