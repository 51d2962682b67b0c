-- The database as it stands after every migration in supabase/migrations/, written by
-- `npm run db:schema` from a freshly migrated embedded database. Read it to see what the
-- database is now; change it only through a new migration (then run the command again).

-- ---- Tables ----

create table public.audit_events (
  id bigint generated always as identity not null,
  occurred_at timestamp with time zone default now() not null,
  user_id bigint,
  location_id bigint,
  action text not null,
  record_type text not null,
  record_id bigint,
  record_label text,
  related_type text,
  related_id bigint,
  related_label text,
  changes jsonb,
  txid xid8 default pg_current_xact_id() not null,
  constraint audit_events_pkey PRIMARY KEY (id)
);
CREATE INDEX audit_events_action_idx ON public.audit_events USING btree (action, id);
CREATE INDEX audit_events_occurred_at_idx ON public.audit_events USING btree (occurred_at);
CREATE UNIQUE INDEX audit_events_one_per_transaction ON public.audit_events USING btree (txid, record_type, record_id);
CREATE INDEX audit_events_record_idx ON public.audit_events USING btree (record_type, record_id, id);
CREATE INDEX audit_events_related_idx ON public.audit_events USING btree (related_type, related_id, id) WHERE (related_id IS NOT NULL);
CREATE INDEX audit_events_user_action_idx ON public.audit_events USING btree (user_id, action, id);
CREATE INDEX audit_events_user_idx ON public.audit_events USING btree (user_id, id);
alter table public.audit_events enable row level security;

create table public.batteries (
  product_id bigint not null,
  battery_brand_id bigint not null,
  made_in_id bigint not null,
  location_id bigint,
  date_received date,
  battery_shape text not null,
  ampere integer not null,
  reversed boolean default false not null,
  battery_type text not null,
  constraint batteries_pkey PRIMARY KEY (product_id),
  constraint batteries_battery_brand_id_fkey FOREIGN KEY (battery_brand_id) REFERENCES battery_brands(id),
  constraint batteries_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint batteries_made_in_id_fkey FOREIGN KEY (made_in_id) REFERENCES made_ins(id),
  constraint batteries_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE,
  constraint batteries_ampere_check CHECK ((ampere > 0)),
  constraint batteries_battery_shape_check CHECK ((battery_shape = ANY (ARRAY['thin'::text, 'thick'::text]))),
  constraint batteries_battery_type_check CHECK ((battery_type = ANY (ARRAY['gel'::text, 'acid'::text, 'lithium'::text])))
);
CREATE INDEX batteries_battery_brand_id_idx ON public.batteries USING btree (battery_brand_id);
CREATE INDEX batteries_location_id_idx ON public.batteries USING btree (location_id);
CREATE INDEX batteries_made_in_id_idx ON public.batteries USING btree (made_in_id);
alter table public.batteries enable row level security;

create table public.battery_brands (
  id bigint generated always as identity not null,
  name text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint battery_brands_pkey PRIMARY KEY (id),
  constraint battery_brands_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255)))
);
alter table public.battery_brands enable row level security;

create table public.core_moves (
  id bigint generated always as identity not null,
  location_id bigint not null,
  fee_rule_id bigint not null,
  quantity integer not null,
  reason text not null,
  credit_note_id bigint,
  supplier_id bigint,
  credit_amount numeric(12,2),
  moved_on date default CURRENT_DATE not null,
  notes text,
  created_by bigint,
  created_at timestamp with time zone default now() not null,
  constraint core_moves_pkey PRIMARY KEY (id),
  constraint core_moves_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint core_moves_credit_note_id_fkey FOREIGN KEY (credit_note_id) REFERENCES credit_notes(id),
  constraint core_moves_fee_rule_id_fkey FOREIGN KEY (fee_rule_id) REFERENCES fee_rules(id),
  constraint core_moves_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint core_moves_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES suppliers(id),
  constraint core_moves_credit_amount_check CHECK ((credit_amount >= (0)::numeric)),
  constraint core_moves_quantity_check CHECK ((quantity <> 0)),
  constraint core_moves_reason_check CHECK ((reason = ANY (ARRAY['returned'::text, 'return_cancelled'::text, 'sent_back'::text])))
);
CREATE INDEX core_moves_credit_note_idx ON public.core_moves USING btree (credit_note_id) WHERE (credit_note_id IS NOT NULL);
CREATE INDEX core_moves_location_idx ON public.core_moves USING btree (location_id, fee_rule_id);
alter table public.core_moves enable row level security;

create table public.core_stock (
  location_id bigint not null,
  fee_rule_id bigint not null,
  quantity integer default 0 not null,
  constraint core_stock_pkey PRIMARY KEY (location_id, fee_rule_id),
  constraint core_stock_fee_rule_id_fkey FOREIGN KEY (fee_rule_id) REFERENCES fee_rules(id),
  constraint core_stock_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint core_stock_not_negative CHECK ((quantity >= 0))
);
alter table public.core_stock enable row level security;

create table public.credit_note_items (
  id bigint generated always as identity not null,
  credit_note_id bigint not null,
  "position" integer not null,
  line_id bigint not null,
  product_id bigint not null,
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null,
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) default 0 not null,
  cost_price numeric(12,2) default 0 not null,
  restock boolean not null,
  line_total numeric(12,2) not null,
  tax_amount numeric(12,2) not null,
  amount numeric(12,2) not null,
  tax_name text,
  tax_rate numeric(6,3),
  line_kind text default 'item'::text not null,
  constraint credit_note_items_pkey PRIMARY KEY (id),
  constraint credit_note_items_credit_note_id_fkey FOREIGN KEY (credit_note_id) REFERENCES credit_notes(id) ON DELETE CASCADE,
  constraint credit_note_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint credit_note_items_line_kind_check CHECK ((line_kind = ANY (ARRAY['item'::text, 'fee'::text, 'core_return'::text]))),
  constraint credit_note_items_quantity_check CHECK ((quantity >= 1))
);
CREATE INDEX credit_note_items_credit_note_id_idx ON public.credit_note_items USING btree (credit_note_id, "position");
CREATE INDEX credit_note_items_line_idx ON public.credit_note_items USING btree (line_id);
alter table public.credit_note_items enable row level security;

create table public.credit_notes (
  id bigint generated always as identity not null,
  number text not null,
  customer_id bigint not null,
  location_id bigint not null,
  issued_date date not null,
  document_type text not null,
  document_id bigint not null,
  reason text not null,
  status text default 'issued'::text not null,
  settle text,
  payment_status text default 'pending'::text not null,
  subtotal numeric(12,2) default 0 not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_amount numeric(12,2) default 0 not null,
  tax_rate numeric default 0 not null,
  net_amount numeric(12,2) default 0 not null,
  credited_amount numeric(12,2) default 0 not null,
  total_paid numeric(12,2) default 0 not null,
  balance_due numeric(12,2) default 0 not null,
  refunded_amount numeric(12,2) default 0 not null,
  store_credit_amount numeric(12,2) default 0 not null,
  notes text,
  created_by bigint,
  cancelled_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint credit_notes_pkey PRIMARY KEY (id),
  constraint credit_notes_number_key UNIQUE (number),
  constraint credit_notes_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint credit_notes_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id),
  constraint credit_notes_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint credit_notes_discount_amount_check CHECK ((discount_amount = (0)::numeric)),
  constraint credit_notes_document_type_check CHECK ((document_type = ANY (ARRAY['Invoice'::text, 'Sale'::text]))),
  constraint credit_notes_payment_status_check CHECK ((payment_status = 'pending'::text)),
  constraint credit_notes_refunded_amount_check CHECK ((refunded_amount >= (0)::numeric)),
  constraint credit_notes_settle_check CHECK ((settle = ANY (ARRAY['refund'::text, 'credit'::text]))),
  constraint credit_notes_status_check CHECK ((status = ANY (ARRAY['issued'::text, 'cancelled'::text]))),
  constraint credit_notes_store_credit_amount_check CHECK ((store_credit_amount >= (0)::numeric)),
  constraint credit_notes_total_paid_check CHECK ((total_paid = (0)::numeric))
);
CREATE INDEX credit_notes_customer_id_idx ON public.credit_notes USING btree (customer_id, issued_date DESC);
CREATE INDEX credit_notes_document_idx ON public.credit_notes USING btree (document_type, document_id);
CREATE INDEX credit_notes_issued_date_idx ON public.credit_notes USING btree (issued_date DESC, id DESC);
CREATE INDEX credit_notes_location_id_idx ON public.credit_notes USING btree (location_id, issued_date DESC);
alter table public.credit_notes enable row level security;

create table public.customers (
  id bigint generated always as identity not null,
  name text not null,
  email text,
  phone text not null,
  address text not null,
  company_name text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  tax_exempt boolean default false not null,
  tax_exempt_certificate text,
  tax_exempt_until date,
  constraint customers_pkey PRIMARY KEY (id),
  constraint customers_address_check CHECK (((length(address) >= 1) AND (length(address) <= 500))),
  constraint customers_exemption_has_certificate CHECK (((NOT tax_exempt) OR (tax_exempt_certificate IS NOT NULL))),
  constraint customers_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255))),
  constraint customers_phone_check CHECK (((length(phone) >= 1) AND (length(phone) <= 50))),
  constraint customers_tax_exempt_certificate_check CHECK (((length(tax_exempt_certificate) >= 1) AND (length(tax_exempt_certificate) <= 100)))
);
CREATE INDEX customers_name_idx ON public.customers USING btree (lower(name));
CREATE INDEX customers_name_trgm_idx ON public.customers USING gin (lower(name) gin_trgm_ops);
CREATE INDEX customers_phone_trgm_idx ON public.customers USING gin (lower(phone) gin_trgm_ops);
alter table public.customers enable row level security;

create table public.day_close_methods (
  day_close_id bigint not null,
  payment_method text not null,
  "position" integer not null,
  income numeric(12,2) default 0 not null,
  refunds numeric(12,2) default 0 not null,
  expenses numeric(12,2) default 0 not null,
  supplier_refunds numeric(12,2) default 0 not null,
  receipts integer default 0 not null,
  expected numeric(12,2) not null,
  counted numeric(12,2) not null,
  over_short numeric(12,2) not null,
  constraint day_close_methods_pkey PRIMARY KEY (day_close_id, payment_method),
  constraint day_close_methods_day_close_id_fkey FOREIGN KEY (day_close_id) REFERENCES day_closes(id) ON DELETE CASCADE,
  constraint day_close_methods_counted_check CHECK ((counted >= (0)::numeric)),
  constraint day_close_methods_payment_method_check CHECK ((payment_method = ANY (ARRAY['cash'::text, 'credit_card'::text, 'bank_transfer'::text, 'cheque'::text])))
);
alter table public.day_close_methods enable row level security;

create table public.day_closes (
  id bigint generated always as identity not null,
  number text not null,
  location_id bigint not null,
  business_date date not null,
  period_from date not null,
  status text default 'closed'::text not null,
  opening_float numeric(12,2) default 0 not null,
  expected_cash numeric(12,2) not null,
  counted_cash numeric(12,2) not null,
  cash_over_short numeric(12,2) not null,
  expected_total numeric(12,2) not null,
  counted_total numeric(12,2) not null,
  over_short numeric(12,2) not null,
  deposit numeric(12,2) default 0 not null,
  closing_float numeric(12,2) not null,
  cash_by_denomination jsonb,
  receipts integer default 0 not null,
  notes text,
  closed_by bigint,
  closed_at timestamp with time zone default now() not null,
  reopened_by bigint,
  reopened_at timestamp with time zone,
  reopen_reason text,
  constraint day_closes_pkey PRIMARY KEY (id),
  constraint day_closes_number_key UNIQUE (number),
  constraint day_closes_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint day_closes_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint day_closes_reopened_by_fkey FOREIGN KEY (reopened_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint day_closes_counted_cash_check CHECK ((counted_cash >= (0)::numeric)),
  constraint day_closes_deposit_check CHECK ((deposit >= (0)::numeric)),
  constraint day_closes_deposit_within_cash CHECK ((deposit <= counted_cash)),
  constraint day_closes_float_is_what_stays CHECK ((closing_float = (counted_cash - deposit))),
  constraint day_closes_period CHECK ((period_from <= business_date)),
  constraint day_closes_reopened_has_reason CHECK (((status = 'reopened'::text) = ((reopened_at IS NOT NULL) AND (reopen_reason IS NOT NULL)))),
  constraint day_closes_status_check CHECK ((status = ANY (ARRAY['closed'::text, 'reopened'::text])))
);
CREATE INDEX day_closes_date_idx ON public.day_closes USING btree (business_date DESC, id DESC);
CREATE INDEX day_closes_location_date_idx ON public.day_closes USING btree (location_id, business_date DESC, id DESC);
CREATE UNIQUE INDEX day_closes_one_per_day ON public.day_closes USING btree (location_id, business_date) WHERE (status = 'closed'::text);
alter table public.day_closes enable row level security;

create table public.document_counts (
  bucket smallint not null,
  type text not null,
  location_id bigint not null,
  status text not null,
  payment_status text not null,
  documents integer default 0 not null,
  constraint document_counts_pkey PRIMARY KEY (type, bucket, location_id, status, payment_status),
  constraint document_counts_type_check CHECK ((type = ANY (ARRAY['Invoice'::text, 'Sale'::text, 'Purchase'::text, 'Quote'::text, 'CreditNote'::text, 'SupplierReturn'::text])))
);
alter table public.document_counts enable row level security;

create table public.document_series (
  series text not null,
  year integer not null,
  next_value integer default 1 not null,
  constraint document_series_pkey PRIMARY KEY (series, year),
  constraint document_series_next_value_check CHECK ((next_value >= 1)),
  constraint document_series_series_check CHECK ((series = ANY (ARRAY['invoice'::text, 'sale'::text, 'receipt'::text, 'purchase'::text, 'quote'::text, 'credit_note'::text, 'supplier_return'::text, 'dc'::text, 'tr'::text, 'sc'::text])))
);
alter table public.document_series enable row level security;

create table public.fee_rules (
  id bigint generated always as identity not null,
  name text not null,
  product_id bigint not null,
  amount numeric(12,2) not null,
  applies_to text not null,
  refundable boolean default false not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint fee_rules_pkey PRIMARY KEY (id),
  constraint fee_rules_product_id_key UNIQUE (product_id),
  constraint fee_rules_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint fee_rules_amount_check CHECK ((amount >= (0)::numeric)),
  constraint fee_rules_applies_to_check CHECK ((applies_to = ANY (ARRAY['tire'::text, 'battery'::text, 'wiper'::text, 'marked'::text]))),
  constraint fee_rules_name_check CHECK (((length(name) >= 1) AND (length(name) <= 100)))
);
CREATE UNIQUE INDEX fee_rules_name_key ON public.fee_rules USING btree (lower(name));
alter table public.fee_rules enable row level security;

create table public.idempotency_keys (
  user_id bigint not null,
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamp with time zone default now() not null,
  constraint idempotency_keys_pkey PRIMARY KEY (user_id, key),
  constraint idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint idempotency_keys_key_check CHECK (((length(key) >= 1) AND (length(key) <= 255)))
);
CREATE INDEX idempotency_keys_created_at_idx ON public.idempotency_keys USING btree (created_at);
alter table public.idempotency_keys enable row level security;

create table public.inventory_items (
  product_id bigint not null,
  category text not null,
  min_stock integer default 10 not null,
  constraint inventory_items_pkey PRIMARY KEY (product_id),
  constraint inventory_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE,
  constraint inventory_items_category_check CHECK ((category = ANY (ARRAY['batteries'::text, 'oils'::text, 'parts'::text, 'accessories'::text]))),
  constraint inventory_items_min_stock_check CHECK ((min_stock >= 0))
);
alter table public.inventory_items enable row level security;

create table public.invoice_items (
  id bigint generated always as identity not null,
  invoice_id bigint not null,
  "position" integer not null,
  product_id bigint not null,
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null,
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) default 0 not null,
  cost_price numeric(12,2) default 0 not null,
  line_total numeric(12,2) not null,
  tax_name text,
  tax_rate numeric(6,3),
  line_kind text default 'item'::text not null,
  parent_line_id bigint,
  fee_rule_id bigint,
  waived_fees jsonb default '[]'::jsonb not null,
  constraint invoice_items_pkey PRIMARY KEY (id),
  constraint invoice_items_fee_rule_id_fkey FOREIGN KEY (fee_rule_id) REFERENCES fee_rules(id),
  constraint invoice_items_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices(id) ON DELETE CASCADE,
  constraint invoice_items_parent_line_id_fkey FOREIGN KEY (parent_line_id) REFERENCES invoice_items(id) ON DELETE CASCADE,
  constraint invoice_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint invoice_items_discount_percent_check CHECK (((discount_percent >= (0)::numeric) AND (discount_percent <= (100)::numeric))),
  constraint invoice_items_fee_has_parent CHECK (((line_kind = 'fee'::text) = ((parent_line_id IS NOT NULL) AND (fee_rule_id IS NOT NULL)))),
  constraint invoice_items_line_kind_check CHECK ((line_kind = ANY (ARRAY['item'::text, 'fee'::text]))),
  constraint invoice_items_quantity_check CHECK ((quantity >= 1)),
  constraint invoice_items_unit_price_check CHECK ((unit_price >= (0)::numeric))
);
CREATE INDEX invoice_items_invoice_id_idx ON public.invoice_items USING btree (invoice_id, "position");
CREATE INDEX invoice_items_parent_idx ON public.invoice_items USING btree (parent_line_id) WHERE (parent_line_id IS NOT NULL);
CREATE INDEX invoice_items_product_id_idx ON public.invoice_items USING btree (product_id);
CREATE INDEX invoice_items_tire_dot_idx ON public.invoice_items USING btree (lower(dot) text_pattern_ops) INCLUDE (dot, invoice_id, product_id, id) WHERE (product_type = 'tire'::text);
CREATE INDEX invoice_items_tire_dot_week_idx ON public.invoice_items USING btree (dot_week(dot)) INCLUDE (invoice_id, product_id, id) WHERE (product_type = 'tire'::text);
alter table public.invoice_items enable row level security;

create table public.invoices (
  id bigint generated always as identity not null,
  number text,
  customer_id bigint not null,
  location_id bigint not null,
  issued_date date not null,
  due_date date,
  status text default 'draft'::text not null,
  payment_status text default 'pending'::text not null,
  subtotal numeric(12,2) default 0 not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_amount numeric(12,2) default 0 not null,
  tax_rate numeric default 0 not null,
  net_amount numeric(12,2) default 0 not null,
  total_paid numeric(12,2) default 0 not null,
  balance_due numeric(12,2) default 0 not null,
  notes text,
  created_by bigint,
  sent_at timestamp with time zone,
  cancelled_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  quote_id bigint,
  credited_amount numeric(12,2) default 0 not null,
  taxes jsonb default '[]'::jsonb not null,
  tax_computed numeric(12,2) default 0 not null,
  tax_overridden boolean default false not null,
  tax_exempt_certificate text,
  vehicle_id bigint,
  mileage integer,
  constraint invoices_pkey PRIMARY KEY (id),
  constraint invoices_number_key UNIQUE (number),
  constraint invoices_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id),
  constraint invoices_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint invoices_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES quotes(id),
  constraint invoices_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES vehicles(id),
  constraint invoices_discount_amount_check CHECK ((discount_amount >= (0)::numeric)),
  constraint invoices_discount_within_subtotal CHECK ((discount_amount <= subtotal)),
  constraint invoices_mileage_check CHECK ((mileage >= 0)),
  constraint invoices_number_when_sent CHECK (((status <> 'sent'::text) OR (number IS NOT NULL))),
  constraint invoices_paid_within_net CHECK (((total_paid >= (0)::numeric) AND (total_paid <= (net_amount - credited_amount)) AND ((credited_amount >= (0)::numeric) AND (credited_amount <= net_amount)))),
  constraint invoices_payment_status_check CHECK ((payment_status = ANY (ARRAY['pending'::text, 'partial'::text, 'paid'::text]))),
  constraint invoices_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'sent'::text, 'cancelled'::text]))),
  constraint invoices_tax_amount_check CHECK ((tax_amount >= (0)::numeric))
);
CREATE INDEX invoices_created_at_idx ON public.invoices USING btree (created_at DESC);
CREATE INDEX invoices_customer_id_idx ON public.invoices USING btree (customer_id, issued_date DESC);
CREATE INDEX invoices_customer_open_idx ON public.invoices USING btree (customer_id) WHERE ((status = 'sent'::text) AND (balance_due <> (0)::numeric));
CREATE INDEX invoices_issued_date_idx ON public.invoices USING btree (issued_date DESC, id DESC);
CREATE INDEX invoices_location_id_idx ON public.invoices USING btree (location_id, issued_date DESC);
CREATE INDEX invoices_open_idx ON public.invoices USING btree (due_date) WHERE ((status = 'sent'::text) AND (payment_status <> 'paid'::text));
CREATE UNIQUE INDEX invoices_quote_id_idx ON public.invoices USING btree (quote_id) WHERE (quote_id IS NOT NULL);
CREATE INDEX invoices_vehicle_idx ON public.invoices USING btree (vehicle_id, issued_date) WHERE (vehicle_id IS NOT NULL);
alter table public.invoices enable row level security;

create table public.locations (
  id bigint generated always as identity not null,
  name text not null,
  address text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint locations_pkey PRIMARY KEY (id),
  constraint locations_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255)))
);
alter table public.locations enable row level security;

create table public.made_ins (
  id bigint generated always as identity not null,
  name text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint made_ins_pkey PRIMARY KEY (id),
  constraint made_ins_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255)))
);
alter table public.made_ins enable row level security;

create table public.pattern_tags (
  pattern_id bigint not null,
  tag_id bigint not null,
  constraint pattern_tags_pkey PRIMARY KEY (pattern_id, tag_id),
  constraint pattern_tags_pattern_id_fkey FOREIGN KEY (pattern_id) REFERENCES patterns(id) ON DELETE CASCADE,
  constraint pattern_tags_tag_id_fkey FOREIGN KEY (tag_id) REFERENCES tags(id)
);
CREATE INDEX pattern_tags_tag_id_idx ON public.pattern_tags USING btree (tag_id);
alter table public.pattern_tags enable row level security;

create table public.patterns (
  id bigint generated always as identity not null,
  name text not null,
  description text,
  category text not null,
  price numeric(12,2) default 0 not null,
  is_active boolean default true not null,
  tire_brand_id bigint,
  tire_type_id bigint,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint patterns_pkey PRIMARY KEY (id),
  constraint patterns_tire_brand_id_fkey FOREIGN KEY (tire_brand_id) REFERENCES tire_brands(id),
  constraint patterns_tire_type_id_fkey FOREIGN KEY (tire_type_id) REFERENCES tire_types(id),
  constraint patterns_category_check CHECK ((category = ANY (ARRAY['automotive'::text, 'industrial'::text, 'commercial'::text]))),
  constraint patterns_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255))),
  constraint patterns_price_check CHECK ((price >= (0)::numeric))
);
CREATE INDEX patterns_tire_brand_id_idx ON public.patterns USING btree (tire_brand_id);
CREATE INDEX patterns_tire_type_id_idx ON public.patterns USING btree (tire_type_id);
alter table public.patterns enable row level security;

create table public.product_fee_rules (
  fee_rule_id bigint not null,
  product_id bigint not null,
  constraint product_fee_rules_pkey PRIMARY KEY (fee_rule_id, product_id),
  constraint product_fee_rules_fee_rule_id_fkey FOREIGN KEY (fee_rule_id) REFERENCES fee_rules(id) ON DELETE CASCADE,
  constraint product_fee_rules_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE
);
CREATE INDEX product_fee_rules_product_idx ON public.product_fee_rules USING btree (product_id);
alter table public.product_fee_rules enable row level security;

create table public.product_totals (
  bucket smallint not null,
  kind text not null,
  products integer default 0 not null,
  stock_value numeric(16,2) default 0 not null,
  low_stock integer default 0 not null,
  out_of_stock integer default 0 not null,
  alerts integer default 0 not null,
  txid bigint default 0 not null,
  constraint product_totals_pkey PRIMARY KEY (bucket, kind, txid),
  constraint product_totals_kind_check CHECK ((kind = ANY (ARRAY['tire'::text, 'battery'::text, 'wiper'::text, 'service'::text, 'item'::text])))
);
CREATE INDEX product_totals_pending_idx ON public.product_totals USING btree (txid) WHERE (txid <> 0);
alter table public.product_totals enable row level security;

create table public.product_words (
  product_id bigint not null,
  word text not null,
  name_key text not null,
  constraint product_words_pkey PRIMARY KEY (product_id, word),
  constraint product_words_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE
);
CREATE INDEX product_words_word_idx ON public.product_words USING btree (word, name_key, product_id);
alter table public.product_words enable row level security;

create table public.products (
  id bigint generated always as identity not null,
  kind text not null,
  name text not null,
  cost_price numeric(12,2) default 0 not null,
  selling_price numeric(12,2) default 0 not null,
  active boolean default true not null,
  notes text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  total_stock integer default 0 not null,
  low_stock_at integer default 9 not null,
  search_text text default ''::text not null,
  size_key text,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  tax_rate_id bigint,
  tax_exempt boolean default false not null,
  barcode text,
  preferred_supplier_id bigint,
  reorder_branches integer default 0 not null,
  low_branches integer default 0 not null,
  stock_alert boolean generated always as ((active AND (kind <> 'service'::text) AND
CASE
    WHEN (reorder_branches > 0) THEN (low_branches > 0)
    ELSE (total_stock <= low_stock_at)
END)) stored,
  constraint products_pkey PRIMARY KEY (id),
  constraint products_preferred_supplier_id_fkey FOREIGN KEY (preferred_supplier_id) REFERENCES suppliers(id) ON DELETE SET NULL,
  constraint products_tax_rate_id_fkey FOREIGN KEY (tax_rate_id) REFERENCES tax_rates(id),
  constraint products_barcode_check CHECK ((barcode ~ '^[0-9]{12,13}$'::text)),
  constraint products_cost_price_check CHECK ((cost_price >= (0)::numeric)),
  constraint products_kind_check CHECK ((kind = ANY (ARRAY['tire'::text, 'battery'::text, 'wiper'::text, 'service'::text, 'item'::text]))),
  constraint products_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255))),
  constraint products_selling_price_check CHECK ((selling_price >= (0)::numeric))
);
CREATE INDEX products_active_name_idx ON public.products USING btree (lower(name), id) WHERE active;
CREATE UNIQUE INDEX products_barcode_key ON public.products USING btree (barcode) WHERE (barcode IS NOT NULL);
CREATE INDEX products_kind_idx ON public.products USING btree (kind);
CREATE INDEX products_kind_name_idx ON public.products USING btree (kind, lower(name), id);
CREATE INDEX products_low_stock_idx ON public.products USING btree (total_stock, lower(name), id) WHERE stock_alert;
CREATE INDEX products_preferred_supplier_idx ON public.products USING btree (preferred_supplier_id) WHERE (preferred_supplier_id IS NOT NULL);
CREATE INDEX products_search_text_idx ON public.products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_size_idx ON public.products USING btree (size_key, lower(name), id) INCLUDE (kind, active, selling_price, total_stock) WHERE (size_key IS NOT NULL);
CREATE INDEX products_tax_rate_idx ON public.products USING btree (tax_rate_id) WHERE (tax_rate_id IS NOT NULL);
alter table public.products enable row level security;

create table public.purchase_items (
  id bigint generated always as identity not null,
  purchase_id bigint not null,
  "position" integer not null,
  product_id bigint not null,
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null,
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) default 0 not null,
  cost_price numeric(12,2) default 0 not null,
  line_total numeric(12,2) not null,
  received_quantity integer default 0 not null,
  constraint purchase_items_pkey PRIMARY KEY (id),
  constraint purchase_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint purchase_items_purchase_id_fkey FOREIGN KEY (purchase_id) REFERENCES purchases(id) ON DELETE CASCADE,
  constraint purchase_items_discount_percent_check CHECK (((discount_percent >= (0)::numeric) AND (discount_percent <= (100)::numeric))),
  constraint purchase_items_product_type_check CHECK ((product_type <> 'service'::text)),
  constraint purchase_items_quantity_check CHECK ((quantity >= 1)),
  constraint purchase_items_received_within_quantity CHECK (((received_quantity >= 0) AND (received_quantity <= quantity))),
  constraint purchase_items_unit_price_check CHECK ((unit_price >= (0)::numeric))
);
CREATE INDEX purchase_items_product_id_idx ON public.purchase_items USING btree (product_id);
CREATE INDEX purchase_items_purchase_id_idx ON public.purchase_items USING btree (purchase_id, "position");
alter table public.purchase_items enable row level security;

create table public.purchases (
  id bigint generated always as identity not null,
  number text not null,
  supplier_id bigint not null,
  location_id bigint not null,
  purchase_date date not null,
  expected_delivery_date date,
  actual_delivery_date date,
  reference_number text,
  status text default 'pending'::text not null,
  payment_status text default 'pending'::text not null,
  subtotal numeric(12,2) default 0 not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_amount numeric(12,2) default 0 not null,
  tax_rate numeric default 0 not null,
  net_amount numeric(12,2) default 0 not null,
  total_paid numeric(12,2) default 0 not null,
  balance_due numeric(12,2) default 0 not null,
  notes text,
  created_by bigint,
  received_at timestamp with time zone,
  cancelled_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  credited_amount numeric(12,2) default 0 not null,
  constraint purchases_pkey PRIMARY KEY (id),
  constraint purchases_number_key UNIQUE (number),
  constraint purchases_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint purchases_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint purchases_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES suppliers(id),
  constraint purchases_discount_amount_check CHECK ((discount_amount >= (0)::numeric)),
  constraint purchases_discount_within_subtotal CHECK ((discount_amount <= subtotal)),
  constraint purchases_paid_within_net CHECK (((total_paid >= (0)::numeric) AND (total_paid <= (net_amount - credited_amount)) AND ((credited_amount >= (0)::numeric) AND (credited_amount <= net_amount)))),
  constraint purchases_payment_status_check CHECK ((payment_status = ANY (ARRAY['pending'::text, 'partial'::text, 'paid'::text]))),
  constraint purchases_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'ordered'::text, 'received'::text, 'cancelled'::text]))),
  constraint purchases_tax_amount_check CHECK ((tax_amount >= (0)::numeric))
);
CREATE INDEX purchases_created_at_idx ON public.purchases USING btree (created_at DESC);
CREATE INDEX purchases_location_id_idx ON public.purchases USING btree (location_id, purchase_date DESC);
CREATE INDEX purchases_open_idx ON public.purchases USING btree (expected_delivery_date) WHERE (status = ANY (ARRAY['pending'::text, 'ordered'::text]));
CREATE INDEX purchases_open_location_idx ON public.purchases USING btree (location_id) WHERE (status = ANY (ARRAY['pending'::text, 'ordered'::text]));
CREATE INDEX purchases_purchase_date_idx ON public.purchases USING btree (purchase_date DESC, id DESC);
CREATE INDEX purchases_supplier_id_idx ON public.purchases USING btree (supplier_id, purchase_date DESC);
CREATE INDEX purchases_supplier_open_idx ON public.purchases USING btree (supplier_id) WHERE ((status = ANY (ARRAY['ordered'::text, 'received'::text])) AND (balance_due <> (0)::numeric));
alter table public.purchases enable row level security;

create table public.quote_items (
  id bigint generated always as identity not null,
  quote_id bigint not null,
  "position" integer not null,
  product_id bigint not null,
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null,
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) default 0 not null,
  cost_price numeric(12,2) default 0 not null,
  line_total numeric(12,2) not null,
  tax_name text,
  tax_rate numeric(6,3),
  line_kind text default 'item'::text not null,
  parent_line_id bigint,
  fee_rule_id bigint,
  waived_fees jsonb default '[]'::jsonb not null,
  constraint quote_items_pkey PRIMARY KEY (id),
  constraint quote_items_fee_rule_id_fkey FOREIGN KEY (fee_rule_id) REFERENCES fee_rules(id),
  constraint quote_items_parent_line_id_fkey FOREIGN KEY (parent_line_id) REFERENCES quote_items(id) ON DELETE CASCADE,
  constraint quote_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint quote_items_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES quotes(id) ON DELETE CASCADE,
  constraint quote_items_discount_percent_check CHECK (((discount_percent >= (0)::numeric) AND (discount_percent <= (100)::numeric))),
  constraint quote_items_fee_has_parent CHECK (((line_kind = 'fee'::text) = ((parent_line_id IS NOT NULL) AND (fee_rule_id IS NOT NULL)))),
  constraint quote_items_line_kind_check CHECK ((line_kind = ANY (ARRAY['item'::text, 'fee'::text]))),
  constraint quote_items_quantity_check CHECK ((quantity >= 1)),
  constraint quote_items_unit_price_check CHECK ((unit_price >= (0)::numeric))
);
CREATE INDEX quote_items_parent_idx ON public.quote_items USING btree (parent_line_id) WHERE (parent_line_id IS NOT NULL);
CREATE INDEX quote_items_product_id_idx ON public.quote_items USING btree (product_id);
CREATE INDEX quote_items_quote_id_idx ON public.quote_items USING btree (quote_id, "position");
alter table public.quote_items enable row level security;

create table public.quotes (
  id bigint generated always as identity not null,
  number text not null,
  customer_id bigint not null,
  location_id bigint not null,
  issued_date date not null,
  valid_until date not null,
  status text default 'draft'::text not null,
  payment_status text default 'pending'::text not null,
  subtotal numeric(12,2) default 0 not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_amount numeric(12,2) default 0 not null,
  tax_rate numeric default 0 not null,
  net_amount numeric(12,2) default 0 not null,
  total_paid numeric(12,2) default 0 not null,
  balance_due numeric(12,2) default 0 not null,
  notes text,
  converted_type text,
  converted_id bigint,
  created_by bigint,
  sent_at timestamp with time zone,
  converted_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  credited_amount numeric(12,2) default 0 not null,
  taxes jsonb default '[]'::jsonb not null,
  tax_computed numeric(12,2) default 0 not null,
  tax_overridden boolean default false not null,
  tax_exempt_certificate text,
  vehicle_id bigint,
  mileage integer,
  constraint quotes_pkey PRIMARY KEY (id),
  constraint quotes_number_key UNIQUE (number),
  constraint quotes_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint quotes_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id),
  constraint quotes_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint quotes_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES vehicles(id),
  constraint quotes_converted_names_document CHECK (((status = 'converted'::text) = (converted_id IS NOT NULL))),
  constraint quotes_converted_type_check CHECK ((converted_type = ANY (ARRAY['Invoice'::text, 'Sale'::text]))),
  constraint quotes_discount_amount_check CHECK ((discount_amount >= (0)::numeric)),
  constraint quotes_discount_within_subtotal CHECK ((discount_amount <= subtotal)),
  constraint quotes_mileage_check CHECK ((mileage >= 0)),
  constraint quotes_payment_status_check CHECK ((payment_status = 'pending'::text)),
  constraint quotes_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'sent'::text, 'accepted'::text, 'declined'::text, 'converted'::text]))),
  constraint quotes_tax_amount_check CHECK ((tax_amount >= (0)::numeric)),
  constraint quotes_total_paid_check CHECK ((total_paid = (0)::numeric)),
  constraint quotes_valid_after_issue CHECK ((valid_until >= issued_date))
);
CREATE INDEX quotes_customer_id_idx ON public.quotes USING btree (customer_id, issued_date DESC);
CREATE INDEX quotes_issued_date_idx ON public.quotes USING btree (issued_date DESC, id DESC);
CREATE INDEX quotes_location_id_idx ON public.quotes USING btree (location_id, issued_date DESC);
CREATE INDEX quotes_vehicle_idx ON public.quotes USING btree (vehicle_id, issued_date) WHERE (vehicle_id IS NOT NULL);
alter table public.quotes enable row level security;

create table public.receipt_totals (
  bucket smallint not null,
  receiptable_type text not null,
  type text not null,
  payment_method text not null,
  receipts integer default 0 not null,
  amount numeric(16,2) default 0 not null,
  constraint receipt_totals_pkey PRIMARY KEY (bucket, receiptable_type, type, payment_method),
  constraint receipt_totals_receiptable_type_check CHECK ((receiptable_type = ANY (ARRAY['Invoice'::text, 'Sale'::text, 'Purchase'::text]))),
  constraint receipt_totals_type_check CHECK ((type = ANY (ARRAY['income'::text, 'expense'::text, 'refund'::text])))
);
alter table public.receipt_totals enable row level security;

create table public.receipts (
  id bigint generated always as identity not null,
  number text not null,
  receipt_date date not null,
  type text not null,
  receiptable_type text not null,
  receiptable_id bigint not null,
  document_number text,
  customer_id bigint,
  supplier_id bigint,
  location_id bigint,
  amount numeric(12,2) not null,
  payment_method text not null,
  reference_number text,
  bank_name text,
  cheque_number text,
  transaction_id text,
  notes text,
  created_by bigint,
  created_at timestamp with time zone default now() not null,
  credit_note_id bigint,
  supplier_return_id bigint,
  constraint receipts_pkey PRIMARY KEY (id),
  constraint receipts_number_key UNIQUE (number),
  constraint receipts_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint receipts_credit_note_id_fkey FOREIGN KEY (credit_note_id) REFERENCES credit_notes(id),
  constraint receipts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id),
  constraint receipts_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint receipts_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES suppliers(id),
  constraint receipts_supplier_return_id_fkey FOREIGN KEY (supplier_return_id) REFERENCES supplier_returns(id),
  constraint receipts_amount_check CHECK ((amount > (0)::numeric)),
  constraint receipts_payment_method_check CHECK ((payment_method = ANY (ARRAY['cash'::text, 'credit_card'::text, 'bank_transfer'::text, 'cheque'::text, 'store_credit'::text]))),
  constraint receipts_receiptable_type_check CHECK ((receiptable_type = ANY (ARRAY['Invoice'::text, 'Sale'::text, 'Purchase'::text]))),
  constraint receipts_type_check CHECK ((type = ANY (ARRAY['income'::text, 'expense'::text, 'refund'::text])))
);
CREATE INDEX receipts_created_at_idx ON public.receipts USING btree (created_at DESC);
CREATE INDEX receipts_credit_note_idx ON public.receipts USING btree (credit_note_id) WHERE (credit_note_id IS NOT NULL);
CREATE INDEX receipts_customer_date_idx ON public.receipts USING btree (customer_id, receipt_date DESC, id DESC);
CREATE INDEX receipts_document_idx ON public.receipts USING btree (receiptable_type, receiptable_id);
CREATE INDEX receipts_location_date_idx ON public.receipts USING btree (location_id, receipt_date);
CREATE INDEX receipts_receipt_date_idx ON public.receipts USING btree (receipt_date DESC, id DESC);
CREATE INDEX receipts_store_credit_idx ON public.receipts USING btree (customer_id) WHERE (payment_method = 'store_credit'::text);
CREATE INDEX receipts_supplier_date_idx ON public.receipts USING btree (supplier_id, receipt_date DESC, id DESC);
CREATE INDEX receipts_supplier_return_idx ON public.receipts USING btree (supplier_return_id) WHERE (supplier_return_id IS NOT NULL);
alter table public.receipts enable row level security;

create table public.report_balance_moves (
  document_type text not null,
  document_id bigint not null,
  day date not null,
  party_type text not null,
  party_id bigint not null,
  due_date date not null,
  documents integer not null,
  billed numeric(16,2) not null,
  paid numeric(16,2) not null,
  balance numeric(16,2) not null,
  constraint report_balance_moves_pkey PRIMARY KEY (document_type, document_id, day),
  constraint report_balance_moves_document_type_check CHECK ((document_type = ANY (ARRAY['Invoice'::text, 'Sale'::text, 'Purchase'::text]))),
  constraint report_balance_moves_party_type_check CHECK ((party_type = ANY (ARRAY['customer'::text, 'supplier'::text])))
);
CREATE INDEX report_balance_moves_day_idx ON public.report_balance_moves USING btree (party_type, day) INCLUDE (party_id, due_date, documents, billed, paid, balance);
alter table public.report_balance_moves enable row level security;

create table public.report_balances_due (
  party_type text not null,
  due_date date not null,
  txid bigint default 0 not null,
  documents integer default 0 not null,
  balance numeric(16,2) default 0 not null,
  constraint report_balances_due_pkey PRIMARY KEY (party_type, due_date, txid),
  constraint report_balances_due_party_type_check CHECK ((party_type = ANY (ARRAY['customer'::text, 'supplier'::text])))
);
CREATE INDEX report_balances_due_pending_idx ON public.report_balances_due USING btree (txid) WHERE (txid <> 0);
alter table public.report_balances_due enable row level security;

create table public.report_party_balances (
  party_type text not null,
  party_id bigint not null,
  txid bigint default 0 not null,
  documents integer default 0 not null,
  billed numeric(16,2) default 0 not null,
  paid numeric(16,2) default 0 not null,
  balance numeric(16,2) default 0 not null,
  constraint report_party_balances_pkey PRIMARY KEY (party_type, party_id, txid),
  constraint report_party_balances_party_type_check CHECK ((party_type = ANY (ARRAY['customer'::text, 'supplier'::text])))
);
CREATE INDEX report_party_balances_balance_idx ON public.report_party_balances USING btree (party_type, balance DESC, party_id) WHERE (txid = 0);
CREATE INDEX report_party_balances_pending_idx ON public.report_party_balances USING btree (txid) WHERE (txid <> 0);
alter table public.report_party_balances enable row level security;

create table public.report_pending (
  txid bigint not null,
  changes bigint default 1 not null,
  constraint report_pending_pkey PRIMARY KEY (txid)
);
alter table public.report_pending enable row level security;

create table public.report_product_totals (
  kind text not null,
  bucket smallint not null,
  txid bigint default 0 not null,
  products integer default 0 not null,
  units bigint default 0 not null,
  stocked integer default 0 not null,
  cost_value numeric(16,2) default 0 not null,
  retail_value numeric(16,2) default 0 not null,
  in_stock integer default 0 not null,
  low integer default 0 not null,
  "out" integer default 0 not null,
  constraint report_product_totals_pkey PRIMARY KEY (kind, bucket, txid)
);
CREATE INDEX report_product_totals_pending_idx ON public.report_product_totals USING btree (txid) WHERE (txid <> 0);
alter table public.report_product_totals enable row level security;

create table public.report_purchase_product_bounds (
  location_id bigint not null,
  product_id bigint not null,
  txid bigint default 0 not null,
  amount numeric(16,2) default 0 not null,
  constraint report_purchase_product_bounds_pkey PRIMARY KEY (location_id, product_id, txid)
);
CREATE INDEX report_purchase_product_bounds_amount_idx ON public.report_purchase_product_bounds USING btree (location_id, amount DESC) WHERE (txid = 0);
CREATE INDEX report_purchase_product_bounds_pending_idx ON public.report_purchase_product_bounds USING btree (txid) WHERE (txid <> 0);
alter table public.report_purchase_product_bounds enable row level security;

create table public.report_purchase_products (
  day date not null,
  location_id bigint not null,
  product_id bigint not null,
  txid bigint default 0 not null,
  quantity bigint default 0 not null,
  amount numeric(16,2) default 0 not null,
  constraint report_purchase_products_pkey PRIMARY KEY (day, location_id, product_id, txid)
);
CREATE INDEX report_purchase_products_pending_idx ON public.report_purchase_products USING btree (txid) WHERE (txid <> 0);
CREATE INDEX report_purchase_products_product_idx ON public.report_purchase_products USING btree (product_id, day);
alter table public.report_purchase_products enable row level security;

create table public.report_purchases_days (
  day date not null,
  location_id bigint not null,
  supplier_id bigint not null,
  txid bigint default 0 not null,
  orders integer default 0 not null,
  ordered numeric(16,2) default 0 not null,
  received numeric(16,2) default 0 not null,
  outstanding numeric(16,2) default 0 not null,
  paid numeric(16,2) default 0 not null,
  balance numeric(16,2) default 0 not null,
  payable numeric(16,2) default 0 not null,
  constraint report_purchases_days_pkey PRIMARY KEY (day, location_id, supplier_id, txid)
);
CREATE INDEX report_purchases_days_pending_idx ON public.report_purchases_days USING btree (txid) WHERE (txid <> 0);
CREATE INDEX report_purchases_days_supplier_idx ON public.report_purchases_days USING btree (supplier_id, day);
alter table public.report_purchases_days enable row level security;

create table public.report_purchases_months (
  month date not null,
  location_id bigint not null,
  supplier_id bigint not null,
  txid bigint default 0 not null,
  orders integer default 0 not null,
  ordered numeric(16,2) default 0 not null,
  received numeric(16,2) default 0 not null,
  outstanding numeric(16,2) default 0 not null,
  paid numeric(16,2) default 0 not null,
  balance numeric(16,2) default 0 not null,
  payable numeric(16,2) default 0 not null,
  constraint report_purchases_months_pkey PRIMARY KEY (month, location_id, supplier_id, txid)
);
CREATE INDEX report_purchases_months_pending_idx ON public.report_purchases_months USING btree (txid) WHERE (txid <> 0);
CREATE INDEX report_purchases_months_supplier_idx ON public.report_purchases_months USING btree (supplier_id, month);
alter table public.report_purchases_months enable row level security;

create table public.report_sales_days (
  day date not null,
  location_id bigint not null,
  document_type text not null,
  txid bigint default 0 not null,
  documents integer default 0 not null,
  revenue numeric(16,2) default 0 not null,
  cost numeric(16,2) default 0 not null,
  tax numeric(16,2) default 0 not null,
  discount numeric(16,2) default 0 not null,
  paid numeric(16,2) default 0 not null,
  outstanding numeric(16,2) default 0 not null,
  constraint report_sales_days_pkey PRIMARY KEY (day, location_id, document_type, txid),
  constraint report_sales_days_document_type_check CHECK ((document_type = ANY (ARRAY['Invoice'::text, 'Sale'::text, 'CreditNote'::text])))
);
CREATE INDEX report_sales_days_pending_idx ON public.report_sales_days USING btree (txid) WHERE (txid <> 0);
alter table public.report_sales_days enable row level security;

create table public.report_sales_methods (
  day date not null,
  location_id bigint not null,
  payment_method text not null,
  txid bigint default 0 not null,
  amount numeric(16,2) default 0 not null,
  receipts integer default 0 not null,
  constraint report_sales_methods_pkey PRIMARY KEY (day, location_id, payment_method, txid)
);
CREATE INDEX report_sales_methods_pending_idx ON public.report_sales_methods USING btree (txid) WHERE (txid <> 0);
alter table public.report_sales_methods enable row level security;

create table public.report_sales_product_bounds (
  location_id bigint not null,
  product_id bigint not null,
  txid bigint default 0 not null,
  revenue numeric(16,2) default 0 not null,
  profit_bound numeric(16,2) default 0 not null,
  constraint report_sales_product_bounds_pkey PRIMARY KEY (location_id, product_id, txid)
);
CREATE INDEX report_sales_product_bounds_pending_idx ON public.report_sales_product_bounds USING btree (txid) WHERE (txid <> 0);
CREATE INDEX report_sales_product_bounds_profit_idx ON public.report_sales_product_bounds USING btree (location_id, profit_bound DESC) WHERE (txid = 0);
CREATE INDEX report_sales_product_bounds_revenue_idx ON public.report_sales_product_bounds USING btree (location_id, revenue DESC) WHERE (txid = 0);
alter table public.report_sales_product_bounds enable row level security;

create table public.report_sales_product_months (
  month date not null,
  location_id bigint not null,
  product_id bigint not null,
  txid bigint default 0 not null,
  quantity bigint default 0 not null,
  revenue numeric(16,2) default 0 not null,
  cost numeric(16,2) default 0 not null,
  profit_bound numeric(16,2) default 0 not null,
  constraint report_sales_product_months_pkey PRIMARY KEY (month, location_id, product_id, txid)
);
CREATE INDEX report_sales_product_months_pending_idx ON public.report_sales_product_months USING btree (txid) WHERE (txid <> 0);
CREATE INDEX report_sales_product_months_product_idx ON public.report_sales_product_months USING btree (product_id, location_id, month);
CREATE INDEX report_sales_product_months_profit_idx ON public.report_sales_product_months USING btree (month, location_id, profit_bound DESC) WHERE (txid = 0);
CREATE INDEX report_sales_product_months_revenue_idx ON public.report_sales_product_months USING btree (month, location_id, revenue DESC) WHERE (txid = 0);
alter table public.report_sales_product_months enable row level security;

create table public.report_sales_products (
  day date not null,
  location_id bigint not null,
  product_id bigint not null,
  txid bigint default 0 not null,
  quantity bigint default 0 not null,
  revenue numeric(16,2) default 0 not null,
  cost numeric(16,2) default 0 not null,
  constraint report_sales_products_pkey PRIMARY KEY (day, location_id, product_id, txid)
);
CREATE INDEX report_sales_products_pending_idx ON public.report_sales_products USING btree (txid) WHERE (txid <> 0);
CREATE INDEX report_sales_products_product_idx ON public.report_sales_products USING btree (product_id, day);
alter table public.report_sales_products enable row level security;

create table public.report_sales_types (
  day date not null,
  location_id bigint not null,
  product_type text not null,
  txid bigint default 0 not null,
  lines integer default 0 not null,
  quantity bigint default 0 not null,
  revenue numeric(16,2) default 0 not null,
  cost numeric(16,2) default 0 not null,
  constraint report_sales_types_pkey PRIMARY KEY (day, location_id, product_type, txid)
);
CREATE INDEX report_sales_types_pending_idx ON public.report_sales_types USING btree (txid) WHERE (txid <> 0);
alter table public.report_sales_types enable row level security;

create table public.report_stock_totals (
  location_id bigint not null,
  kind text not null,
  bucket smallint not null,
  txid bigint default 0 not null,
  units bigint default 0 not null,
  stocked integer default 0 not null,
  cost_value numeric(16,2) default 0 not null,
  retail_value numeric(16,2) default 0 not null,
  in_stock integer default 0 not null,
  low integer default 0 not null,
  "out" integer default 0 not null,
  constraint report_stock_totals_pkey PRIMARY KEY (location_id, kind, bucket, txid)
);
CREATE INDEX report_stock_totals_pending_idx ON public.report_stock_totals USING btree (txid) WHERE (txid <> 0);
alter table public.report_stock_totals enable row level security;

create table public.report_tire_lines (
  document_type text not null,
  line_id bigint not null,
  document_id bigint not null,
  day date not null,
  dot text,
  product_id bigint,
  constraint report_tire_lines_pkey PRIMARY KEY (document_type, line_id),
  constraint report_tire_lines_document_type_check CHECK ((document_type = ANY (ARRAY['Invoice'::text, 'Sale'::text])))
);
CREATE INDEX report_tire_lines_document_idx ON public.report_tire_lines USING btree (document_type, document_id);
CREATE INDEX report_tire_lines_dot_idx ON public.report_tire_lines USING btree (lower(dot) text_pattern_ops, day) INCLUDE (dot, document_type, document_id, line_id);
CREATE INDEX report_tire_lines_dot_week_idx ON public.report_tire_lines USING btree (dot_week(dot), day) INCLUDE (dot, document_type, document_id, line_id);
CREATE INDEX report_tire_lines_product_idx ON public.report_tire_lines USING btree (product_id, day) INCLUDE (document_type, document_id, line_id);
alter table public.report_tire_lines enable row level security;

create table public.sale_items (
  id bigint generated always as identity not null,
  sale_id bigint not null,
  "position" integer not null,
  product_id bigint not null,
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null,
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) default 0 not null,
  cost_price numeric(12,2) default 0 not null,
  line_total numeric(12,2) not null,
  tax_name text,
  tax_rate numeric(6,3),
  line_kind text default 'item'::text not null,
  parent_line_id bigint,
  fee_rule_id bigint,
  waived_fees jsonb default '[]'::jsonb not null,
  constraint sale_items_pkey PRIMARY KEY (id),
  constraint sale_items_fee_rule_id_fkey FOREIGN KEY (fee_rule_id) REFERENCES fee_rules(id),
  constraint sale_items_parent_line_id_fkey FOREIGN KEY (parent_line_id) REFERENCES sale_items(id) ON DELETE CASCADE,
  constraint sale_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint sale_items_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES sales(id) ON DELETE CASCADE,
  constraint sale_items_discount_percent_check CHECK (((discount_percent >= (0)::numeric) AND (discount_percent <= (100)::numeric))),
  constraint sale_items_fee_has_parent CHECK (((line_kind = 'fee'::text) = ((parent_line_id IS NOT NULL) AND (fee_rule_id IS NOT NULL)))),
  constraint sale_items_line_kind_check CHECK ((line_kind = ANY (ARRAY['item'::text, 'fee'::text]))),
  constraint sale_items_quantity_check CHECK ((quantity >= 1)),
  constraint sale_items_unit_price_check CHECK ((unit_price >= (0)::numeric))
);
CREATE INDEX sale_items_parent_idx ON public.sale_items USING btree (parent_line_id) WHERE (parent_line_id IS NOT NULL);
CREATE INDEX sale_items_product_id_idx ON public.sale_items USING btree (product_id);
CREATE INDEX sale_items_sale_id_idx ON public.sale_items USING btree (sale_id, "position");
CREATE INDEX sale_items_tire_dot_idx ON public.sale_items USING btree (lower(dot) text_pattern_ops) INCLUDE (dot, sale_id, product_id, id) WHERE (product_type = 'tire'::text);
CREATE INDEX sale_items_tire_dot_week_idx ON public.sale_items USING btree (dot_week(dot)) INCLUDE (sale_id, product_id, id) WHERE (product_type = 'tire'::text);
alter table public.sale_items enable row level security;

create table public.sales (
  id bigint generated always as identity not null,
  number text not null,
  customer_id bigint not null,
  location_id bigint not null,
  sale_date date not null,
  payment_method text default 'cash'::text not null,
  status text default 'pending'::text not null,
  payment_status text default 'pending'::text not null,
  subtotal numeric(12,2) default 0 not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_amount numeric(12,2) default 0 not null,
  tax_rate numeric default 0 not null,
  net_amount numeric(12,2) default 0 not null,
  total_paid numeric(12,2) default 0 not null,
  balance_due numeric(12,2) default 0 not null,
  notes text,
  created_by bigint,
  completed_at timestamp with time zone,
  cancelled_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  quote_id bigint,
  credited_amount numeric(12,2) default 0 not null,
  taxes jsonb default '[]'::jsonb not null,
  tax_computed numeric(12,2) default 0 not null,
  tax_overridden boolean default false not null,
  tax_exempt_certificate text,
  vehicle_id bigint,
  mileage integer,
  constraint sales_pkey PRIMARY KEY (id),
  constraint sales_number_key UNIQUE (number),
  constraint sales_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint sales_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id),
  constraint sales_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint sales_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES quotes(id),
  constraint sales_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES vehicles(id),
  constraint sales_discount_amount_check CHECK ((discount_amount >= (0)::numeric)),
  constraint sales_discount_within_subtotal CHECK ((discount_amount <= subtotal)),
  constraint sales_mileage_check CHECK ((mileage >= 0)),
  constraint sales_paid_within_net CHECK (((total_paid >= (0)::numeric) AND (total_paid <= (net_amount - credited_amount)) AND ((credited_amount >= (0)::numeric) AND (credited_amount <= net_amount)))),
  constraint sales_payment_method_check CHECK ((payment_method = ANY (ARRAY['cash'::text, 'credit_card'::text, 'bank_transfer'::text, 'cheque'::text, 'store_credit'::text]))),
  constraint sales_payment_status_check CHECK ((payment_status = ANY (ARRAY['pending'::text, 'partial'::text, 'paid'::text]))),
  constraint sales_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'completed'::text, 'cancelled'::text]))),
  constraint sales_tax_amount_check CHECK ((tax_amount >= (0)::numeric))
);
CREATE INDEX sales_created_at_idx ON public.sales USING btree (created_at DESC);
CREATE INDEX sales_customer_id_idx ON public.sales USING btree (customer_id, sale_date DESC);
CREATE INDEX sales_customer_open_idx ON public.sales USING btree (customer_id) WHERE ((status = 'completed'::text) AND (balance_due <> (0)::numeric));
CREATE INDEX sales_location_id_idx ON public.sales USING btree (location_id, sale_date DESC);
CREATE INDEX sales_open_idx ON public.sales USING btree (sale_date) WHERE ((status <> 'cancelled'::text) AND (payment_status <> 'paid'::text));
CREATE UNIQUE INDEX sales_quote_id_idx ON public.sales USING btree (quote_id) WHERE (quote_id IS NOT NULL);
CREATE INDEX sales_sale_date_idx ON public.sales USING btree (sale_date DESC, id DESC);
CREATE INDEX sales_vehicle_idx ON public.sales USING btree (vehicle_id, sale_date) WHERE (vehicle_id IS NOT NULL);
alter table public.sales enable row level security;

create table public.schema_migrations (
  version text not null,
  applied_at timestamp with time zone default now() not null,
  constraint schema_migrations_pkey PRIMARY KEY (version)
);
alter table public.schema_migrations enable row level security;

create table public.search_words (
  word text not null,
  constraint search_words_pkey PRIMARY KEY (word)
);
CREATE INDEX search_words_trgm_idx ON public.search_words USING gin (word gin_trgm_ops);
alter table public.search_words enable row level security;

create table public.sessions (
  id uuid default gen_random_uuid() not null,
  user_id bigint not null,
  remember boolean default false not null,
  created_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone not null,
  revoked_at timestamp with time zone,
  user_agent text,
  last_seen_at timestamp with time zone default now() not null,
  constraint sessions_pkey PRIMARY KEY (id),
  constraint sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
  constraint sessions_user_agent_check CHECK ((length(user_agent) <= 500))
);
CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);
alter table public.sessions enable row level security;

create table public.settings (
  id boolean default true not null,
  shop_name text default 'Wheelhouse'::text not null,
  address text,
  phone text,
  email text,
  tax_number text,
  payment_terms_days integer default 30 not null,
  invoice_prefix text default 'INV'::text not null,
  sale_prefix text default 'S'::text not null,
  receipt_prefix text default 'RC'::text not null,
  purchase_prefix text default 'PO'::text not null,
  print_footer text,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  quote_prefix text default 'Q'::text not null,
  quote_valid_days integer default 14 not null,
  credit_note_prefix text default 'CN'::text not null,
  supplier_return_prefix text default 'SR'::text not null,
  core_return_days integer default 30 not null,
  constraint settings_pkey PRIMARY KEY (id),
  constraint settings_core_return_days_check CHECK (((core_return_days >= 1) AND (core_return_days <= 365))),
  constraint settings_id_check CHECK (id),
  constraint settings_payment_terms_days_check CHECK (((payment_terms_days >= 0) AND (payment_terms_days <= 365))),
  constraint settings_quote_valid_days_check CHECK (((quote_valid_days >= 1) AND (quote_valid_days <= 365))),
  constraint settings_shop_name_check CHECK (((length(shop_name) >= 1) AND (length(shop_name) <= 255)))
);
alter table public.settings enable row level security;

create table public.sign_in_addresses (
  address text not null,
  window_start timestamp with time zone default now() not null,
  failures integer default 0 not null,
  blocked_until timestamp with time zone,
  unknown_since timestamp with time zone,
  unknown_failures integer default 0 not null,
  unknown_email text,
  constraint sign_in_addresses_pkey PRIMARY KEY (address),
  constraint sign_in_addresses_address_check CHECK ((length(address) <= 100)),
  constraint sign_in_addresses_failures_check CHECK ((failures >= 0)),
  constraint sign_in_addresses_unknown_failures_check CHECK ((unknown_failures >= 0))
);
CREATE INDEX sign_in_addresses_unknown_idx ON public.sign_in_addresses USING btree (unknown_since) WHERE (unknown_failures > 0);
CREATE INDEX sign_in_addresses_window_idx ON public.sign_in_addresses USING btree (window_start);
alter table public.sign_in_addresses enable row level security;

create table public.stock_count_lines (
  stock_count_id bigint not null,
  product_id bigint not null,
  location_id bigint not null,
  snapshot integer not null,
  counted integer,
  expected integer,
  variance integer generated always as ((counted - expected)) stored,
  counted_at timestamp with time zone,
  counted_by bigint,
  unit_cost numeric(12,2),
  constraint stock_count_lines_pkey PRIMARY KEY (stock_count_id, product_id),
  constraint stock_count_lines_counted_by_fkey FOREIGN KEY (counted_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint stock_count_lines_counted_check CHECK ((counted >= 0)),
  constraint stock_count_lines_counted_has_expected CHECK ((((counted IS NULL) = (expected IS NULL)) AND ((counted IS NULL) = (counted_at IS NULL))))
);
CREATE INDEX stock_count_lines_product_idx ON public.stock_count_lines USING btree (product_id);
alter table public.stock_count_lines enable row level security;

create table public.stock_count_open (
  location_id bigint not null,
  product_id bigint not null,
  stock_count_id bigint not null,
  constraint stock_count_open_pkey PRIMARY KEY (location_id, product_id)
);
alter table public.stock_count_open enable row level security;

create table public.stock_counts (
  id bigint generated always as identity not null,
  number text not null,
  location_id bigint not null,
  status text default 'open'::text not null,
  scope_kind text,
  tire_brand_id bigint,
  battery_brand_id bigint,
  scope_label text not null,
  lines integer default 0 not null,
  counted_lines integer default 0 not null,
  notes text,
  started_by bigint,
  started_at timestamp with time zone default now() not null,
  posted_by bigint,
  posted_at timestamp with time zone,
  uncounted text,
  corrections integer,
  variance_units integer,
  variance_value numeric(14,2),
  cancelled_by bigint,
  cancelled_at timestamp with time zone,
  constraint stock_counts_pkey PRIMARY KEY (id),
  constraint stock_counts_number_key UNIQUE (number),
  constraint stock_counts_battery_brand_id_fkey FOREIGN KEY (battery_brand_id) REFERENCES battery_brands(id) ON DELETE SET NULL,
  constraint stock_counts_cancelled_by_fkey FOREIGN KEY (cancelled_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint stock_counts_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint stock_counts_posted_by_fkey FOREIGN KEY (posted_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint stock_counts_started_by_fkey FOREIGN KEY (started_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint stock_counts_tire_brand_id_fkey FOREIGN KEY (tire_brand_id) REFERENCES tire_brands(id) ON DELETE SET NULL,
  constraint stock_counts_cancelled CHECK (((status = 'cancelled'::text) = (cancelled_at IS NOT NULL))),
  constraint stock_counts_counted_within_lines CHECK (((counted_lines >= 0) AND (counted_lines <= lines))),
  constraint stock_counts_one_scope CHECK ((num_nonnulls(scope_kind, tire_brand_id, battery_brand_id) <= 1)),
  constraint stock_counts_posted CHECK (((status = 'posted'::text) = (posted_at IS NOT NULL))),
  constraint stock_counts_scope_kind_check CHECK ((scope_kind = ANY (ARRAY['tire'::text, 'battery'::text, 'wiper'::text, 'item'::text]))),
  constraint stock_counts_status_check CHECK ((status = ANY (ARRAY['open'::text, 'posted'::text, 'cancelled'::text]))),
  constraint stock_counts_uncounted_check CHECK ((uncounted = ANY (ARRAY['zero'::text, 'skip'::text])))
);
CREATE INDEX stock_counts_location_idx ON public.stock_counts USING btree (location_id, started_at DESC, id DESC);
CREATE INDEX stock_counts_open_idx ON public.stock_counts USING btree (status, started_at DESC, id DESC);
CREATE INDEX stock_counts_started_idx ON public.stock_counts USING btree (started_at DESC, id DESC);
alter table public.stock_counts enable row level security;

create table public.stock_levels (
  product_id bigint not null,
  location_id bigint not null,
  quantity integer default 0 not null,
  in_transit integer default 0 not null,
  reorder_point integer,
  order_up_to integer,
  constraint stock_levels_pkey PRIMARY KEY (product_id, location_id),
  constraint stock_levels_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint stock_levels_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE,
  constraint stock_levels_in_transit_check CHECK ((in_transit >= 0)),
  constraint stock_levels_quantity_check CHECK ((quantity >= 0)),
  constraint stock_levels_reorder_check CHECK ((((reorder_point IS NULL) AND (order_up_to IS NULL)) OR ((reorder_point >= 0) AND (order_up_to >= reorder_point))))
);
CREATE INDEX stock_levels_in_transit_idx ON public.stock_levels USING btree (location_id, product_id) WHERE (in_transit > 0);
CREATE INDEX stock_levels_location_id_idx ON public.stock_levels USING btree (location_id);
CREATE INDEX stock_levels_quantity_idx ON public.stock_levels USING btree (quantity, product_id, location_id);
CREATE INDEX stock_levels_reorder_idx ON public.stock_levels USING btree (location_id, product_id) INCLUDE (quantity, in_transit, reorder_point, order_up_to) WHERE (quantity <= reorder_point);
alter table public.stock_levels enable row level security;

create table public.stock_moves (
  id bigint generated always as identity not null,
  product_id bigint not null,
  location_id bigint not null,
  delta integer not null,
  reason text not null,
  note text,
  document_type text,
  document_id bigint,
  user_id bigint,
  created_at timestamp with time zone default now() not null,
  unit_cost numeric(12,2),
  constraint stock_moves_pkey PRIMARY KEY (id),
  constraint stock_moves_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint stock_moves_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE,
  constraint stock_moves_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL,
  constraint stock_moves_delta_check CHECK ((delta <> 0)),
  constraint stock_moves_reason_check CHECK ((reason = ANY (ARRAY['opening'::text, 'count_correction'::text, 'damage'::text, 'return'::text, 'other'::text, 'transfer_in'::text, 'transfer_out'::text, 'sale'::text, 'purchase'::text, 'cancellation'::text, 'supplier_return'::text, 'in_transit'::text])))
);
CREATE INDEX stock_moves_location_id_idx ON public.stock_moves USING btree (location_id);
CREATE INDEX stock_moves_product_id_idx ON public.stock_moves USING btree (product_id, created_at DESC);
CREATE INDEX stock_moves_user_id_idx ON public.stock_moves USING btree (user_id);
alter table public.stock_moves enable row level security;

create table public.supplier_return_items (
  id bigint generated always as identity not null,
  supplier_return_id bigint not null,
  "position" integer not null,
  line_id bigint not null,
  product_id bigint not null,
  product_type text not null,
  product_name text not null,
  description text,
  dot text,
  quantity integer not null,
  unit_price numeric(12,2) not null,
  discount_percent numeric(5,2) default 0 not null,
  cost_price numeric(12,2) default 0 not null,
  line_total numeric(12,2) not null,
  tax_amount numeric(12,2) not null,
  amount numeric(12,2) not null,
  constraint supplier_return_items_pkey PRIMARY KEY (id),
  constraint supplier_return_items_line_id_fkey FOREIGN KEY (line_id) REFERENCES purchase_items(id),
  constraint supplier_return_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint supplier_return_items_supplier_return_id_fkey FOREIGN KEY (supplier_return_id) REFERENCES supplier_returns(id) ON DELETE CASCADE,
  constraint supplier_return_items_quantity_check CHECK ((quantity >= 1))
);
CREATE INDEX supplier_return_items_line_idx ON public.supplier_return_items USING btree (line_id);
CREATE INDEX supplier_return_items_supplier_return_id_idx ON public.supplier_return_items USING btree (supplier_return_id, "position");
alter table public.supplier_return_items enable row level security;

create table public.supplier_returns (
  id bigint generated always as identity not null,
  number text not null,
  supplier_id bigint not null,
  location_id bigint not null,
  issued_date date not null,
  document_id bigint not null,
  reason text not null,
  status text default 'issued'::text not null,
  payment_status text default 'pending'::text not null,
  subtotal numeric(12,2) default 0 not null,
  discount_amount numeric(12,2) default 0 not null,
  tax_amount numeric(12,2) default 0 not null,
  tax_rate numeric default 0 not null,
  net_amount numeric(12,2) default 0 not null,
  credited_amount numeric(12,2) default 0 not null,
  total_paid numeric(12,2) default 0 not null,
  balance_due numeric(12,2) default 0 not null,
  refunded_amount numeric(12,2) default 0 not null,
  notes text,
  created_by bigint,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint supplier_returns_pkey PRIMARY KEY (id),
  constraint supplier_returns_number_key UNIQUE (number),
  constraint supplier_returns_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint supplier_returns_document_id_fkey FOREIGN KEY (document_id) REFERENCES purchases(id),
  constraint supplier_returns_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint supplier_returns_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES suppliers(id),
  constraint supplier_returns_discount_amount_check CHECK ((discount_amount = (0)::numeric)),
  constraint supplier_returns_payment_status_check CHECK ((payment_status = 'pending'::text)),
  constraint supplier_returns_refunded_amount_check CHECK ((refunded_amount >= (0)::numeric)),
  constraint supplier_returns_status_check CHECK ((status = 'issued'::text)),
  constraint supplier_returns_total_paid_check CHECK ((total_paid = (0)::numeric))
);
CREATE INDEX supplier_returns_document_idx ON public.supplier_returns USING btree (document_id);
CREATE INDEX supplier_returns_issued_date_idx ON public.supplier_returns USING btree (issued_date DESC, id DESC);
CREATE INDEX supplier_returns_location_id_idx ON public.supplier_returns USING btree (location_id, issued_date DESC);
CREATE INDEX supplier_returns_supplier_id_idx ON public.supplier_returns USING btree (supplier_id, issued_date DESC);
alter table public.supplier_returns enable row level security;

create table public.suppliers (
  id bigint generated always as identity not null,
  name text not null,
  contact_person text,
  email text,
  phone text not null,
  address text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint suppliers_pkey PRIMARY KEY (id),
  constraint suppliers_address_check CHECK (((length(address) >= 1) AND (length(address) <= 500))),
  constraint suppliers_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255))),
  constraint suppliers_phone_check CHECK (((length(phone) >= 1) AND (length(phone) <= 50)))
);
CREATE INDEX suppliers_name_idx ON public.suppliers USING btree (lower(name));
CREATE INDEX suppliers_name_trgm_idx ON public.suppliers USING gin (lower(name) gin_trgm_ops);
CREATE INDEX suppliers_phone_trgm_idx ON public.suppliers USING gin (lower(phone) gin_trgm_ops);
alter table public.suppliers enable row level security;

create table public.tags (
  id bigint generated always as identity not null,
  name text not null,
  section text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint tags_pkey PRIMARY KEY (id),
  constraint tags_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255)))
);
alter table public.tags enable row level security;

create table public.tax_rates (
  id bigint generated always as identity not null,
  name text not null,
  rate numeric(6,3) not null,
  is_default boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint tax_rates_pkey PRIMARY KEY (id),
  constraint tax_rates_name_check CHECK (((length(name) >= 1) AND (length(name) <= 100))),
  constraint tax_rates_rate_check CHECK (((rate >= (0)::numeric) AND (rate <= (100)::numeric)))
);
CREATE UNIQUE INDEX tax_rates_name_key ON public.tax_rates USING btree (lower(name));
CREATE UNIQUE INDEX tax_rates_one_default ON public.tax_rates USING btree (is_default) WHERE is_default;
alter table public.tax_rates enable row level security;

create table public.tire_brands (
  id bigint generated always as identity not null,
  name text not null,
  country text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint tire_brands_pkey PRIMARY KEY (id),
  constraint tire_brands_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255)))
);
alter table public.tire_brands enable row level security;

create table public.tire_types (
  id bigint generated always as identity not null,
  name text not null,
  section text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint tire_types_pkey PRIMARY KEY (id),
  constraint tire_types_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255)))
);
alter table public.tire_types enable row level security;

create table public.tires (
  product_id bigint not null,
  tire_brand_id bigint not null,
  pattern_id bigint,
  supplier_id bigint,
  tire_type_id bigint not null,
  location_id bigint,
  size text not null,
  dot text not null,
  date_of_production date,
  made_in text not null,
  date_received date not null,
  construction_type text default 'radial'::text not null,
  run_flat boolean default false not null,
  fuel_rating text,
  water_rating text,
  constraint tires_pkey PRIMARY KEY (product_id),
  constraint tires_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id),
  constraint tires_pattern_id_fkey FOREIGN KEY (pattern_id) REFERENCES patterns(id),
  constraint tires_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE,
  constraint tires_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES suppliers(id),
  constraint tires_tire_brand_id_fkey FOREIGN KEY (tire_brand_id) REFERENCES tire_brands(id),
  constraint tires_tire_type_id_fkey FOREIGN KEY (tire_type_id) REFERENCES tire_types(id),
  constraint tires_construction_type_check CHECK ((construction_type = ANY (ARRAY['radial'::text, 'bias-ply'::text]))),
  constraint tires_dot_check CHECK (((length(dot) >= 1) AND (length(dot) <= 20))),
  constraint tires_fuel_rating_check CHECK ((fuel_rating = ANY (ARRAY['A'::text, 'B'::text, 'C'::text, 'D'::text, 'E'::text]))),
  constraint tires_size_check CHECK (((length(size) >= 1) AND (length(size) <= 50))),
  constraint tires_water_rating_check CHECK ((water_rating = ANY (ARRAY['A'::text, 'B'::text, 'C'::text, 'D'::text, 'E'::text])))
);
CREATE INDEX tires_location_id_idx ON public.tires USING btree (location_id);
CREATE INDEX tires_pattern_id_idx ON public.tires USING btree (pattern_id);
CREATE INDEX tires_sort_idx ON public.tires USING btree (tire_brand_id, pattern_id, size, product_id);
CREATE INDEX tires_supplier_id_idx ON public.tires USING btree (supplier_id);
CREATE INDEX tires_tire_brand_id_idx ON public.tires USING btree (tire_brand_id);
CREATE INDEX tires_tire_type_id_idx ON public.tires USING btree (tire_type_id);
alter table public.tires enable row level security;

create table public.transfer_items (
  id bigint generated always as identity not null,
  transfer_id bigint not null,
  "position" integer not null,
  product_id bigint not null,
  product_name text not null,
  quantity integer not null,
  received_quantity integer,
  shortfall text,
  shortfall_reason text,
  constraint transfer_items_pkey PRIMARY KEY (id),
  constraint transfer_items_one_line_per_product UNIQUE (transfer_id, product_id),
  constraint transfer_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id),
  constraint transfer_items_transfer_id_fkey FOREIGN KEY (transfer_id) REFERENCES transfers(id) ON DELETE CASCADE,
  constraint transfer_items_quantity_check CHECK ((quantity > 0)),
  constraint transfer_items_received_within_quantity CHECK (((received_quantity >= 0) AND (received_quantity <= quantity))),
  constraint transfer_items_shortfall_check CHECK ((shortfall = ANY (ARRAY['send_back'::text, 'write_off'::text]))),
  constraint transfer_items_shortfall_named CHECK (((shortfall IS NOT NULL) = ((received_quantity IS NOT NULL) AND (received_quantity < quantity)))),
  constraint transfer_items_write_off_reason CHECK (((shortfall IS DISTINCT FROM 'write_off'::text) OR (COALESCE(btrim(shortfall_reason), ''::text) <> ''::text)))
);
CREATE INDEX transfer_items_product_idx ON public.transfer_items USING btree (product_id);
alter table public.transfer_items enable row level security;

create table public.transfers (
  id bigint generated always as identity not null,
  number text not null,
  from_location_id bigint not null,
  to_location_id bigint not null,
  transfer_date date not null,
  status text default 'draft'::text not null,
  notes text,
  line_count integer default 0 not null,
  total_quantity integer default 0 not null,
  received_quantity integer,
  created_by bigint,
  shipped_by bigint,
  shipped_at timestamp with time zone,
  received_by bigint,
  received_at timestamp with time zone,
  cancelled_by bigint,
  cancelled_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint transfers_pkey PRIMARY KEY (id),
  constraint transfers_number_key UNIQUE (number),
  constraint transfers_cancelled_by_fkey FOREIGN KEY (cancelled_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint transfers_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint transfers_from_location_id_fkey FOREIGN KEY (from_location_id) REFERENCES locations(id),
  constraint transfers_received_by_fkey FOREIGN KEY (received_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint transfers_shipped_by_fkey FOREIGN KEY (shipped_by) REFERENCES users(id) ON DELETE SET NULL,
  constraint transfers_to_location_id_fkey FOREIGN KEY (to_location_id) REFERENCES locations(id),
  constraint transfers_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'shipped'::text, 'received'::text, 'cancelled'::text]))),
  constraint transfers_two_branches CHECK ((from_location_id <> to_location_id))
);
CREATE INDEX transfers_date_idx ON public.transfers USING btree (transfer_date DESC, id DESC);
CREATE INDEX transfers_from_location_idx ON public.transfers USING btree (from_location_id, transfer_date DESC);
CREATE INDEX transfers_status_idx ON public.transfers USING btree (status, transfer_date DESC);
CREATE INDEX transfers_to_location_idx ON public.transfers USING btree (to_location_id, transfer_date DESC);
alter table public.transfers enable row level security;

create table public.users (
  id bigint generated always as identity not null,
  name text not null,
  email text not null,
  role text default 'staff'::text not null,
  password_hash text not null,
  is_active boolean default true not null,
  failed_logins integer default 0 not null,
  locked_until timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  home_location_id bigint,
  must_change_password boolean default false not null,
  last_login_at timestamp with time zone,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  constraint users_pkey PRIMARY KEY (id),
  constraint users_home_location_id_fkey FOREIGN KEY (home_location_id) REFERENCES locations(id) ON DELETE SET NULL,
  constraint users_email_check CHECK (((length(email) >= 3) AND (length(email) <= 255))),
  constraint users_failed_logins_check CHECK ((failed_logins >= 0)),
  constraint users_name_check CHECK (((length(name) >= 1) AND (length(name) <= 255))),
  constraint users_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'staff'::text])))
);
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (lower(email));
CREATE INDEX users_home_location_id_idx ON public.users USING btree (home_location_id);
alter table public.users enable row level security;

create table public.vehicles (
  id bigint generated always as identity not null,
  customer_id bigint not null,
  plate text not null,
  vin text,
  make text,
  model text,
  year integer,
  tire_sizes text,
  notes text,
  version integer default 1 not null,
  changed_by bigint,
  changed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint vehicles_pkey PRIMARY KEY (id),
  constraint vehicles_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE,
  constraint vehicles_make_check CHECK ((length(make) <= 100)),
  constraint vehicles_model_check CHECK ((length(model) <= 100)),
  constraint vehicles_notes_check CHECK ((length(notes) <= 2000)),
  constraint vehicles_plate_check CHECK (((length(plate) >= 1) AND (length(plate) <= 20))),
  constraint vehicles_tire_sizes_check CHECK ((length(tire_sizes) <= 255)),
  constraint vehicles_vin_check CHECK ((vin ~ '^[A-HJ-NPR-Z0-9]{17}$'::text)),
  constraint vehicles_year_check CHECK (((year >= 1900) AND (year <= 2999)))
);
CREATE INDEX vehicles_customer_idx ON public.vehicles USING btree (customer_id, lower(plate), id);
CREATE INDEX vehicles_plate_trgm_idx ON public.vehicles USING gin (lower(plate) gin_trgm_ops);
CREATE INDEX vehicles_vin_trgm_idx ON public.vehicles USING gin (lower(vin) gin_trgm_ops);
alter table public.vehicles enable row level security;

create table public.wipers (
  product_id bigint not null,
  size integer not null,
  type text not null,
  frame_material text not null,
  compatibility_year integer not null,
  compatible_cars text not null,
  made_in_id bigint not null,
  constraint wipers_pkey PRIMARY KEY (product_id),
  constraint wipers_made_in_id_fkey FOREIGN KEY (made_in_id) REFERENCES made_ins(id),
  constraint wipers_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE,
  constraint wipers_compatibility_year_check CHECK ((compatibility_year >= 1900)),
  constraint wipers_size_check CHECK (((size >= 8) AND (size <= 40)))
);
CREATE INDEX wipers_list_order_idx ON public.wipers USING btree (size, lower(type), lower(frame_material), product_id);
CREATE INDEX wipers_made_in_id_idx ON public.wipers USING btree (made_in_id);
alter table public.wipers enable row level security;

-- ---- Functions ----

CREATE OR REPLACE FUNCTION public.accept_document(p_type text, p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is accepted.';
  end if;
  perform public.lock_quote(p_id, array['sent'], 'accepted');
  update public.quotes q set status = 'accepted', updated_at = now() where q.id = p_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.apply_document_fees(p_type text, p_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
  v_wanted jsonb;
  v_exempt boolean;
  v_date_column text := case p_type when 'Sale' then 'sale_date' else 'issued_date' end;
begin
  execute format(
    $sql$
    select public.document_fees(coalesce(jsonb_agg(jsonb_build_object('key', x.id::text, 'product_id', x.product_id,
             'product_type', x.product_type, 'quantity', x.quantity,
             'waived', (select coalesce(jsonb_agg(w -> 'fee_rule_id'), '[]'::jsonb) from jsonb_array_elements(x.waived_fees) w))
             order by x.position, x.id), '[]'::jsonb))
      from public.%I x where x.%I = $1 and x.line_kind = 'item'
    $sql$, t.lines_table, t.key_column) into v_wanted using p_id;
  execute format('select public.customer_exemption(d.customer_id, d.%I) is not null from public.%I d where d.id = $1', v_date_column, t.header_table)
    into v_exempt using p_id;

  execute format(
    $sql$
    with w as (select (f ->> 'key')::bigint as parent, (f ->> 'fee_rule_id')::bigint as rule, (f ->> 'quantity')::integer as quantity
                 from jsonb_array_elements($2) f)
    delete from public.%I x
     where x.%I = $1 and x.line_kind = 'fee'
       and not exists (select 1 from w where w.parent = x.parent_line_id and w.rule = x.fee_rule_id)
    $sql$, t.lines_table, t.key_column) using p_id, v_wanted;
  execute format(
    $sql$
    with w as (select (f ->> 'key')::bigint as parent, (f ->> 'fee_rule_id')::bigint as rule, (f ->> 'quantity')::integer as quantity
                 from jsonb_array_elements($2) f)
    update public.%I x set quantity = w.quantity, line_total = public.line_total(x.unit_price, w.quantity, x.discount_percent)
      from w
     where x.%I = $1 and x.line_kind = 'fee' and x.parent_line_id = w.parent and x.fee_rule_id = w.rule and x.quantity <> w.quantity
    $sql$, t.lines_table, t.key_column) using p_id, v_wanted;
  execute format(
    $sql$
    with w as (select (f ->> 'key')::bigint as parent, (f ->> 'fee_rule_id')::bigint as rule, (f ->> 'quantity')::integer as quantity,
                      (f ->> 'amount')::numeric as amount
                 from jsonb_array_elements($2) f)
    insert into public.%I (%I, position, product_id, product_type, product_name, quantity, unit_price, discount_percent, cost_price,
                           line_total, tax_name, tax_rate, line_kind, parent_line_id, fee_rule_id)
    select $1, 0, p.id, p.kind, p.name, w.quantity, w.amount, 0, 0, public.line_total(w.amount, w.quantity, 0),
           tx.tax_name, tx.tax_rate, 'fee', w.parent, w.rule
      from w
      join public.products p on p.id = (select r.product_id from public.fee_rules r where r.id = w.rule)
      cross join lateral public.product_tax(p.id, $3) tx
     where not exists (select 1 from public.%I x where x.%I = $1 and x.parent_line_id = w.parent and x.fee_rule_id = w.rule)
    $sql$, t.lines_table, t.key_column, t.lines_table, t.key_column) using p_id, v_wanted, v_exempt;
  -- Each fee right under its item, in the items' order.
  execute format(
    $sql$
    with n as (
      select x.id, row_number() over (order by coalesce(p.position, x.position), coalesce(p.id, x.id), x.line_kind <> 'item', x.fee_rule_id) - 1 as position
        from public.%I x left join public.%I p on p.id = x.parent_line_id
       where x.%I = $1)
    update public.%I x set position = n.position from n where n.id = x.id and x.position <> n.position
    $sql$, t.lines_table, t.lines_table, t.key_column, t.lines_table) using p_id;
  -- Who let a customer off a fee, and why, is in the document's trail.
  execute format(
    $sql$
    select public.audit_record('updated', lower($2), d.id, d.number,
             (select jsonb_object_agg(r.name || ' not charged on ' || x.product_name, jsonb_build_object('old', null, 'new', w ->> 'reason'))
                from public.%I x cross join jsonb_array_elements(x.waived_fees) w join public.fee_rules r on r.id = (w ->> 'fee_rule_id')::bigint
               where x.%I = d.id),
             d.location_id)
      from public.%I d
     where d.id = $1 and exists (select 1 from public.%I x where x.%I = d.id and x.waived_fees <> '[]'::jsonb)
    $sql$, t.lines_table, t.key_column, t.header_table, t.lines_table, t.key_column) using p_id, p_type;
end;
$function$;

CREATE OR REPLACE FUNCTION public.apply_document_tax(p_type text, p_id bigint, p_tax numeric)
 RETURNS numeric
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
  v_taxes jsonb;
  v_computed numeric;
begin
  execute format(
    $sql$
    select public.tax_by_rate(
             coalesce((select jsonb_agg(jsonb_build_object('name', x.tax_name, 'rate', x.tax_rate, 'total', x.line_total))
                         from public.%I x where x.%I = d.id), '[]'::jsonb),
             d.discount_amount)
      from public.%I d where d.id = $1
    $sql$, t.lines_table, t.key_column, t.header_table) into v_taxes using p_id;
  select coalesce(sum((e ->> 'tax')::numeric), 0) into v_computed from jsonb_array_elements(v_taxes) e;
  execute format(
    'update public.%I d set taxes = $2, tax_computed = $3, tax_overridden = ($4 is not null and $4 <> $3), tax_amount = coalesce($4, $3) where d.id = $1',
    t.header_table) using p_id, v_taxes, v_computed, p_tax;
  return v_computed;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_changes(p_old jsonb, p_new jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_object_agg(
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id', 'preferred_supplier_id')
                then case n.key when 'preferred_supplier_id' then 'preferred_supplier' else left(n.key, -3) end else n.key end,
           case when n.key in ('customer_id', 'supplier_id', 'location_id', 'home_location_id', 'tire_brand_id', 'battery_brand_id',
                               'tire_type_id', 'pattern_id', 'made_in_id', 'preferred_supplier_id')
                then jsonb_build_object('old', public.audit_reference_name(n.key, (o.value #>> '{}')::bigint),
                                        'new', public.audit_reference_name(n.key, (n.value #>> '{}')::bigint))
                else jsonb_build_object('old', o.value, 'new', n.value) end
         ), '{}'::jsonb)
    from jsonb_each(p_new) n
    join jsonb_each(p_old) o on o.key = n.key
   where n.value is distinct from o.value
     and n.key not in ('id', 'product_id', 'created_at', 'updated_at', 'total_stock', 'low_stock_at', 'reorder_branches', 'low_branches', 'stock_alert', 'search_text', 'number',
                       'status', 'payment_status', 'subtotal', 'total_paid', 'balance_due', 'sent_at', 'cancelled_at',
                       'completed_at', 'received_at', 'created_by', 'password_hash', 'failed_logins', 'locked_until',
                       'last_login_at', 'must_change_password', 'version', 'changed_by', 'changed_at',
                       -- a document's tax per rate follows its lines, which the trail shows
                       'taxes')
$function$;

CREATE OR REPLACE FUNCTION public.audit_created_values(p_changes jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_object_agg(c.key, jsonb_build_object('old', null, 'new', c.value -> 'new'))
    from jsonb_each(p_changes) c
   where c.value -> 'new' <> 'null'::jsonb
$function$;

CREATE OR REPLACE FUNCTION public.audit_document()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := tg_argv[0];
  v_row jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_changes jsonb;
  v_action text;
begin
  if tg_op = 'INSERT' then
    v_action := 'created';
  elsif tg_op = 'DELETE' then
    v_action := 'deleted';
  else
    v_changes := public.audit_changes(to_jsonb(old), v_row);
    v_action := case when old.status is distinct from new.status
      then case new.status when 'draft' then 'updated' when 'pending' then 'updated' else new.status end
      else 'updated' end;
    if v_action = 'updated' and v_changes = '{}'::jsonb then
      return null;
    end if;
  end if;
  perform public.audit_record(v_action, v_type, (v_row ->> 'id')::bigint, v_row ->> 'number', v_changes, (v_row ->> 'location_id')::bigint);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_document_line()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := tg_argv[0];
  v_row jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_document_id bigint := (v_row ->> tg_argv[1])::bigint;
  v_number text;
  v_location_id bigint;
  v_changes jsonb := '{}'::jsonb;
  v_action text := 'updated';
begin
  execute format('select d.number, d.location_id from public.%I d where d.id = $1', tg_argv[2])
    into v_number, v_location_id using v_document_id;
  if tg_op = 'UPDATE' and v_type = 'purchase' and (v_row ->> 'received_quantity') is distinct from (to_jsonb(old) ->> 'received_quantity') then
    v_action := 'received';
    v_changes := jsonb_build_object(new.product_name || ' received',
      jsonb_build_object('old', (to_jsonb(old) ->> 'received_quantity')::integer, 'new', (v_row ->> 'received_quantity')::integer));
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(old.product_name,
      jsonb_build_object('old', public.audit_line_text(old.quantity, old.unit_price, old.discount_percent), 'new', null)));
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(new.product_name,
      jsonb_build_object('old', null, 'new', public.audit_line_text(new.quantity, new.unit_price, new.discount_percent))));
  elsif tg_op = 'UPDATE' then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(new.product_name, jsonb_build_object(
      'old', public.audit_line_text(old.quantity, old.unit_price, old.discount_percent),
      'new', public.audit_line_text(new.quantity, new.unit_price, new.discount_percent))));
  end if;
  if v_changes is null then
    return null;
  end if;
  perform public.audit_record(v_action, v_type, v_document_id, v_number, v_changes, v_location_id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_events_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception 'The audit trail cannot be changed.' using errcode = 'P0001';
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_line_text(p_quantity integer, p_unit_price numeric, p_discount numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_quantity || ' × ' || to_char(p_unit_price, 'FM999999999990.00')
         || case when p_discount > 0 then ' less ' || trim(to_char(p_discount, 'FM990.##')) || '%' else '' end
$function$;

CREATE OR REPLACE FUNCTION public.audit_merge_changes(p_first jsonb, p_then jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_result jsonb := coalesce(p_first, '{}'::jsonb);
  v_key text;
  v_value jsonb;
begin
  for v_key, v_value in select key, value from jsonb_each(coalesce(p_then, '{}'::jsonb)) loop
    if v_result ? v_key then
      v_result := jsonb_set(v_result, array[v_key, 'new'], coalesce(v_value -> 'new', 'null'::jsonb));
    else
      v_result := v_result || jsonb_build_object(v_key, v_value);
    end if;
    if v_result -> v_key -> 'old' = v_result -> v_key -> 'new' then
      v_result := v_result - v_key;
    end if;
  end loop;
  return nullif(v_result, '{}'::jsonb);
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_rank(p_action text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_action when 'updated' then 1 when 'price changed' then 2 when 'created' then 5 when 'deleted' then 6 else 3 end
$function$;

CREATE OR REPLACE FUNCTION public.audit_receipt()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r public.receipts := case when tg_op = 'DELETE' then old else new end;
begin
  perform public.audit_record(
    case when tg_op = 'DELETE' then 'deleted' when r.type = 'refund' then 'refunded' else 'paid' end,
    'receipt', r.id, r.number,
    jsonb_build_object('amount', jsonb_build_object('old', case when tg_op = 'DELETE' then r.amount end,
                                                    'new', case when tg_op = 'INSERT' then r.amount end)),
    r.location_id, lower(r.receiptable_type), r.receiptable_id, r.document_number);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_record(p_action text, p_record_type text, p_record_id bigint, p_record_label text, p_changes jsonb DEFAULT NULL::jsonb, p_location_id bigint DEFAULT NULL::bigint, p_related_type text DEFAULT NULL::text, p_related_id bigint DEFAULT NULL::bigint, p_related_label text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.audit_events as e
    (user_id, location_id, action, record_type, record_id, record_label, related_type, related_id, related_label, changes)
  values (
    nullif(current_setting('wheelhouse.user_id', true), '')::bigint,
    coalesce(p_location_id, nullif(current_setting('wheelhouse.location_id', true), '')::bigint),
    p_action, p_record_type, p_record_id, p_record_label, p_related_type, p_related_id, p_related_label,
    nullif(p_changes, '{}'::jsonb)
  )
  on conflict (txid, record_type, record_id) do update set
    action = case when public.audit_rank(excluded.action) > public.audit_rank(e.action) then excluded.action else e.action end,
    record_label = coalesce(excluded.record_label, e.record_label),
    location_id = coalesce(e.location_id, excluded.location_id),
    related_type = coalesce(e.related_type, excluded.related_type),
    related_id = coalesce(e.related_id, excluded.related_id),
    related_label = coalesce(e.related_label, excluded.related_label),
    changes = case
      when (case when public.audit_rank(excluded.action) > public.audit_rank(e.action) then excluded.action else e.action end) = 'created'
      then public.audit_created_values(public.audit_merge_changes(e.changes, excluded.changes))
      else public.audit_merge_changes(e.changes, excluded.changes)
    end
$function$;

CREATE OR REPLACE FUNCTION public.audit_reference_name(p_column text, p_id bigint)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case p_column
    when 'customer_id' then (select x.name from public.customers x where x.id = p_id)
    when 'supplier_id' then (select x.name from public.suppliers x where x.id = p_id)
    when 'preferred_supplier_id' then (select x.name from public.suppliers x where x.id = p_id)
    when 'location_id' then (select x.name from public.locations x where x.id = p_id)
    when 'home_location_id' then (select x.name from public.locations x where x.id = p_id)
    when 'tire_brand_id' then (select x.name from public.tire_brands x where x.id = p_id)
    when 'battery_brand_id' then (select x.name from public.battery_brands x where x.id = p_id)
    when 'tire_type_id' then (select x.name from public.tire_types x where x.id = p_id)
    when 'pattern_id' then (select x.name from public.patterns x where x.id = p_id)
    when 'made_in_id' then (select x.name from public.made_ins x where x.id = p_id)
  end
$function$;

CREATE OR REPLACE FUNCTION public.audit_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := tg_argv[0];
  v_row jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_id bigint := case when jsonb_typeof(v_row -> 'id') = 'number' then v_row ->> 'id' else v_row ->> 'product_id' end::bigint;
  v_label text := v_row ->> tg_argv[1];
  v_changes jsonb;
  v_action text;
begin
  if tg_op = 'INSERT' then
    v_action := 'created';
  elsif tg_op = 'DELETE' then
    v_action := 'deleted';
  else
    v_changes := public.audit_changes(to_jsonb(old), v_row);
    if v_changes = '{}'::jsonb then
      return null;
    end if;
    v_action := case
      when v_type = 'product' and (v_changes ? 'cost_price' or v_changes ? 'selling_price') then 'price changed'
      when v_type = 'user' and v_changes ? 'is_active' then
        case when (v_row ->> 'is_active')::boolean then 'user enabled' else 'user disabled' end
      else 'updated'
    end;
  end if;
  if v_label is null and v_type = 'product' then
    select p.name into v_label from public.products p where p.id = v_id;
  end if;
  perform public.audit_record(v_action, v_type, v_id, v_label, v_changes);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_stock_move()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_level integer;
  v_location text;
  v_product text;
begin
  select s.quantity into v_level from public.stock_levels s where s.product_id = new.product_id and s.location_id = new.location_id;
  select l.name into v_location from public.locations l where l.id = new.location_id;
  select p.name into v_product from public.products p where p.id = new.product_id;
  perform public.audit_record(
    case when new.reason in ('transfer_in', 'transfer_out') then 'stock transferred' else 'stock adjusted' end,
    'product', new.product_id, v_product,
    jsonb_build_object(v_location, jsonb_build_object('old', v_level - new.delta, 'new', v_level)),
    new.location_id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_transfer()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r public.transfers := case when tg_op = 'DELETE' then old else new end;
  v_changes jsonb := '{}'::jsonb;
  v_name text;
begin
  if tg_op = 'UPDATE' then
    if old.from_location_id is distinct from new.from_location_id then
      v_changes := v_changes || jsonb_build_object('from', jsonb_build_object(
        'old', public.audit_reference_name('location_id', old.from_location_id), 'new', public.audit_reference_name('location_id', new.from_location_id)));
    end if;
    if old.to_location_id is distinct from new.to_location_id then
      v_changes := v_changes || jsonb_build_object('to', jsonb_build_object(
        'old', public.audit_reference_name('location_id', old.to_location_id), 'new', public.audit_reference_name('location_id', new.to_location_id)));
    end if;
    if old.transfer_date is distinct from new.transfer_date then
      v_changes := v_changes || jsonb_build_object('date', jsonb_build_object('old', old.transfer_date, 'new', new.transfer_date));
    end if;
    if old.notes is distinct from new.notes then
      v_changes := v_changes || jsonb_build_object('notes', jsonb_build_object('old', old.notes, 'new', new.notes));
    end if;
    if v_changes = '{}'::jsonb then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    v_changes := jsonb_build_object(
      'from', jsonb_build_object('old', null, 'new', public.audit_reference_name('location_id', r.from_location_id)),
      'to', jsonb_build_object('old', null, 'new', public.audit_reference_name('location_id', r.to_location_id)),
      'date', jsonb_build_object('old', null, 'new', r.transfer_date),
      'notes', jsonb_build_object('old', null, 'new', r.notes));
  end if;
  v_name := public.audit_reference_name('location_id', r.to_location_id);
  perform public.audit_record(case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end,
    'transfer', r.id, r.number, v_changes, r.from_location_id, 'location', r.to_location_id, v_name);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.audit_transfer_line()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_transfer public.transfers;
  v_changes jsonb := '{}'::jsonb;
begin
  select * into v_transfer from public.transfers t where t.id = case when tg_op = 'DELETE' then old.transfer_id else new.transfer_id end;
  if not found then
    return null;
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := v_changes || jsonb_build_object(old.product_name, jsonb_build_object('old', old.quantity, 'new', null));
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
    v_changes := public.audit_merge_changes(v_changes, jsonb_build_object(new.product_name, jsonb_build_object('old', null, 'new', new.quantity)));
  elsif tg_op = 'UPDATE' then
    v_changes := v_changes || jsonb_build_object(new.product_name, jsonb_build_object('old', old.quantity, 'new', new.quantity));
  end if;
  perform public.audit_record('updated', 'transfer', v_transfer.id, v_transfer.number, v_changes, v_transfer.from_location_id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bump_version()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.version := old.version + 1;
  new.changed_by := nullif(current_setting('wheelhouse.user_id', true), '')::bigint;
  new.changed_at := now();
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.cancel_credit_note(p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_note public.credit_notes;
  t record;
  v_receipt public.receipts;
  line record;
begin
  select * into v_note from public.credit_notes cn where cn.id = p_id;
  if not found then
    raise exception 'Credit note not found' using errcode = 'P0002';
  end if;
  t := public.document_tables(v_note.document_type);
  execute format('select 1 from public.%I d where d.id = $1 for update', t.header_table) using v_note.document_id;
  select * into v_note from public.credit_notes cn where cn.id = p_id for update;
  if v_note.status = 'cancelled' then
    raise exception 'This credit note has already been cancelled.' using errcode = 'P0001';
  end if;
  if v_note.refunded_amount > 0 then
    raise exception 'This credit note was refunded, so it cannot be cancelled.' using errcode = 'P0001';
  end if;
  select * into v_receipt from public.receipts r where r.credit_note_id = p_id;
  if found then
    perform 1 from public.customers c where c.id = v_note.customer_id for update;
    if public.store_credit_of(v_note.customer_id) < v_receipt.amount then
      raise exception 'The customer has already spent the store credit of this credit note.' using errcode = 'P0001';
    end if;
  end if;

  for line in
    select x.product_id, sum(x.quantity)::integer as quantity
      from public.credit_note_items x where x.credit_note_id = p_id and x.restock group by x.product_id order by x.product_id
  loop
    perform public.move_stock(line.product_id, v_note.location_id, -line.quantity, 'cancellation', null, p_user_id, 'CreditNote', p_id);
  end loop;
  execute format('update public.%I d set credited_amount = d.credited_amount - $2 where d.id = $1', t.header_table)
    using v_note.document_id, v_note.net_amount;
  perform public.refresh_document_totals(v_note.document_type, v_note.document_id);
  -- The store credit given is taken back by a receipt of its own: receipts are never undone by deleting them.
  if v_receipt.id is not null then
    v_receipt.id := public.create_receipt('income', v_note.document_type, v_note.document_id, v_receipt.amount,
      greatest(current_date, v_note.issued_date), 'store_credit',
      null, null, null, null, null, p_user_id);
    update public.receipts r set credit_note_id = p_id where r.id = v_receipt.id;
  end if;
  perform public.refresh_document_totals(v_note.document_type, v_note.document_id);
  perform public.report_stage_credit_note(-1, p_id);
  update public.credit_notes cn set status = 'cancelled', cancelled_at = now(), updated_at = now() where cn.id = p_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.cancel_document(p_type text, p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
  v_status text;
  v_location_id bigint;
  v_paid numeric;
begin
  if p_type = 'CreditNote' then
    perform public.cancel_credit_note(p_id, p_user_id);
    return;
  end if;
  execute format('select d.status, d.location_id, d.total_paid from public.%I d where d.id = $1 for update', t.header_table)
    into v_status, v_location_id, v_paid using p_id;
  if v_status is null then
    raise exception '% not found', p_type using errcode = 'P0002';
  end if;
  if v_status = 'cancelled' then
    raise exception 'This % has already been cancelled.', t.noun using errcode = 'P0001';
  end if;
  if v_paid > 0 then
    raise exception 'This % has payments on it. Refund them before cancelling it.', t.noun using errcode = 'P0001';
  end if;
  if exists (select 1 from public.credit_notes cn where cn.document_type = p_type and cn.document_id = p_id and cn.status = 'issued') then
    raise exception 'This % has returns on it. Cancel its credit notes before cancelling it.', t.noun using errcode = 'P0001';
  end if;
  if p_type = 'Purchase' and (v_status = 'received' or exists (
    select 1 from public.purchase_items x where x.purchase_id = p_id and x.received_quantity > 0
  )) then
    raise exception 'Goods have already been received on this purchase order, so it cannot be cancelled.' using errcode = 'P0001';
  end if;
  if v_status = t.posted_status then
    perform public.move_document_stock(p_type, p_id, v_location_id, 1, 'cancellation', p_user_id);
  end if;
  execute format('update public.%I d set status = ''cancelled'', cancelled_at = now(), updated_at = now() where d.id = $1', t.header_table)
    using p_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.cancel_stock_count(p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_count public.stock_counts;
begin
  select * into v_count from public.stock_counts c where c.id = p_id for update;
  if not found then
    raise exception 'Stock count not found' using errcode = 'P0002';
  end if;
  if v_count.status = 'posted' then
    raise exception 'Count % is posted: it cannot be cancelled.', v_count.number using errcode = 'P0001';
  elsif v_count.status = 'cancelled' then
    raise exception 'Count % is already cancelled.', v_count.number using errcode = 'P0001';
  end if;
  delete from public.stock_count_open o where o.location_id = v_count.location_id and o.stock_count_id = p_id;
  update public.stock_counts c set status = 'cancelled', cancelled_at = now(), cancelled_by = p_user_id where c.id = p_id;
  perform public.audit_record('cancelled', 'stock_count', p_id, v_count.number, null, v_count.location_id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.cancel_transfer(p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_transfer public.transfers;
begin
  select * into v_transfer from public.transfers t where t.id = p_id for update;
  if not found then
    raise exception 'Transfer not found' using errcode = 'P0002';
  end if;
  if v_transfer.status <> 'draft' then
    raise exception 'Transfer % has already been %: only a draft can be cancelled.', v_transfer.number, v_transfer.status using errcode = 'P0001';
  end if;
  update public.transfers t
     set status = 'cancelled', cancelled_by = p_user_id, cancelled_at = now(), updated_at = now()
   where t.id = p_id;
  perform public.audit_record('cancelled', 'transfer', p_id, v_transfer.number, null, v_transfer.from_location_id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.close_day(p_location_id bigint, p_date date, p_counted jsonb, p_denominations jsonb, p_deposit numeric, p_notes text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_name text;
  v_through date;
  v_last public.day_closes;
  v_from date;
  v_float numeric;
  v_counted jsonb := coalesce(p_counted, '{}'::jsonb);
  v_notes_cash numeric;
  v_cash numeric;
  v_deposit numeric := coalesce(p_deposit, 0);
  v_id bigint;
  v_close public.day_closes;
begin
  select l.name into v_name from public.locations l where l.id = p_location_id for no key update;
  if not found then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;
  if p_date > current_date then
    raise exception 'A day cannot be closed before it has begun.' using errcode = 'WH422', hint = 'date';
  end if;
  if exists (select 1 from public.day_closes c where c.location_id = p_location_id and c.business_date = p_date and c.status = 'closed') then
    raise exception 'The day % is already closed at %.', to_char(p_date, 'YYYY-MM-DD'), v_name using errcode = 'P0001';
  end if;
  select max(c.business_date) into v_through from public.day_closes c where c.location_id = p_location_id and c.status = 'closed';
  if v_through > p_date then
    raise exception 'The day % is closed at %, so an earlier day cannot be closed.', to_char(v_through, 'YYYY-MM-DD'), v_name
      using errcode = 'P0001';
  end if;

  if p_denominations is not null then
    select coalesce(sum(round(d.key::numeric * (d.value)::numeric, 2)), 0) into v_notes_cash from jsonb_each_text(p_denominations) d;
    if v_counted ->> 'cash' is null then
      v_counted := v_counted || jsonb_build_object('cash', v_notes_cash);
    elsif (v_counted ->> 'cash')::numeric <> v_notes_cash then
      raise exception 'The cash counted does not match the notes and coins (%).', public.format_money(v_notes_cash)
        using errcode = 'WH422', hint = 'counted.cash';
    end if;
  end if;
  v_cash := coalesce((v_counted ->> 'cash')::numeric, 0);
  if v_deposit > v_cash then
    raise exception 'The deposit cannot be more than the cash counted (%).', public.format_money(v_cash)
      using errcode = 'WH422', hint = 'deposit';
  end if;

  select * into v_last from public.day_closes c
   where c.location_id = p_location_id and c.status = 'closed' order by c.business_date desc limit 1;
  v_from := coalesce(v_last.business_date + 1, p_date);
  v_float := coalesce(v_last.closing_float, 0);

  insert into public.day_closes (number, location_id, business_date, period_from, opening_float, expected_cash, counted_cash,
    cash_over_short, expected_total, counted_total, over_short, deposit, closing_float, cash_by_denomination, notes, closed_by)
  values (public.next_document_number('dc', p_date), p_location_id, p_date, v_from, v_float, 0, v_cash, 0, 0, 0, 0, v_deposit,
    v_cash - v_deposit, p_denominations, p_notes, p_user_id)
  returning id into v_id;

  insert into public.day_close_methods (day_close_id, payment_method, position, income, refunds, expenses, supplier_refunds, receipts,
    expected, counted, over_short)
  select v_id, f.payment_method, f.ord, f.income, f.refunds, f.expenses, f.supplier_refunds, f.receipts,
         f.net + case when f.payment_method = 'cash' then v_float else 0 end,
         coalesce((v_counted ->> f.payment_method)::numeric, 0),
         coalesce((v_counted ->> f.payment_method)::numeric, 0) - f.net - case when f.payment_method = 'cash' then v_float else 0 end
    from public.day_close_figures(p_location_id, v_from, p_date) f;

  update public.day_closes c
     set expected_cash = m.expected_cash, cash_over_short = m.cash_over_short, expected_total = m.expected_total,
         counted_total = m.counted_total, over_short = m.over_short, receipts = m.receipts
    from (select sum(x.expected) filter (where x.payment_method = 'cash') as expected_cash,
                 sum(x.over_short) filter (where x.payment_method = 'cash') as cash_over_short,
                 sum(x.expected) as expected_total, sum(x.counted) as counted_total, sum(x.over_short) as over_short,
                 sum(x.receipts) as receipts
            from public.day_close_methods x where x.day_close_id = v_id) m
   where c.id = v_id
  returning c.* into v_close;

  perform public.audit_record('closed', 'day_close', v_id, v_close.number,
    jsonb_build_object('expected_total', jsonb_build_object('old', null, 'new', v_close.expected_total),
                       'counted_total', jsonb_build_object('old', null, 'new', v_close.counted_total),
                       'over_short', jsonb_build_object('old', null, 'new', v_close.over_short),
                       'deposit', jsonb_build_object('old', null, 'new', v_close.deposit)),
    p_location_id);
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.convert_document(p_type text, p_id bigint, p_to text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  q public.quotes;
  v_type text := case p_to when 'invoice' then 'Invoice' when 'sale' then 'Sale' end;
  t record;
  v_id bigint;
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is converted.';
  end if;
  q := public.lock_quote(p_id, array['draft', 'sent', 'accepted'], 'converted');
  if v_type is null then
    raise exception 'A quote becomes an invoice or a sale.' using errcode = 'WH422', hint = 'to';
  end if;
  t := public.document_tables(v_type);
  if v_type = 'Invoice' then
    insert into public.invoices (customer_id, location_id, issued_date, due_date, notes, created_by, quote_id)
    select q.customer_id, q.location_id, current_date, current_date + s.payment_terms_days, q.notes, p_user_id, q.id
      from public.settings s
    returning id into v_id;
  else
    insert into public.sales (number, customer_id, location_id, sale_date, notes, created_by, quote_id)
    values (public.next_document_number('sale', current_date), q.customer_id, q.location_id, current_date, q.notes, p_user_id, q.id)
    returning id into v_id;
  end if;
  execute format(
    $sql$
    insert into public.%1$I (%2$I, position, product_id, product_type, product_name, description, dot, quantity, unit_price,
                             discount_percent, cost_price, line_total, tax_name, tax_rate, line_kind, waived_fees)
    select $1, x.position, x.product_id, x.product_type, x.product_name, x.description, coalesce(tr.dot, x.dot), x.quantity,
           x.unit_price, x.discount_percent, p.cost_price, x.line_total, x.tax_name, x.tax_rate, x.line_kind, x.waived_fees
      from public.quote_items x
      join public.products p on p.id = x.product_id
      left join public.tires tr on tr.product_id = x.product_id
     where x.quote_id = $2 and x.line_kind = 'item'
     order by x.position
    $sql$, t.lines_table, t.key_column) using v_id, p_id;
  execute format(
    $sql$
    insert into public.%1$I (%2$I, position, product_id, product_type, product_name, description, dot, quantity, unit_price,
                             discount_percent, cost_price, line_total, tax_name, tax_rate, line_kind, parent_line_id, fee_rule_id)
    select $1, x.position, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity,
           x.unit_price, x.discount_percent, 0, x.line_total, x.tax_name, x.tax_rate, 'fee', n.id, x.fee_rule_id
      from public.quote_items x
      join public.quote_items qp on qp.id = x.parent_line_id
      join public.%1$I n on n.%2$I = $1 and n.position = qp.position and n.line_kind = 'item'
     where x.quote_id = $2 and x.line_kind = 'fee'
     order by x.position
    $sql$, t.lines_table, t.key_column) using v_id, p_id;
  execute format(
    'update public.%I d set subtotal = $2, discount_amount = $3, tax_amount = $4, taxes = $5, tax_computed = $6, tax_overridden = $7,
            tax_exempt_certificate = $8 where d.id = $1', t.header_table)
    using v_id, q.subtotal, q.discount_amount, q.tax_amount, q.taxes, q.tax_computed, q.tax_overridden, q.tax_exempt_certificate;
  perform public.refresh_document_totals(v_type, v_id);
  update public.quotes x
     set status = 'converted', converted_type = v_type, converted_id = v_id, converted_at = now(), updated_at = now()
   where x.id = p_id;
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.core_moves_apply()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- The row at 0 first (a proposed row below 0 would fail its check), then the move, under its lock.
  insert into public.core_stock (location_id, fee_rule_id, quantity) values (new.location_id, new.fee_rule_id, 0)
  on conflict (location_id, fee_rule_id) do nothing;
  update public.core_stock s set quantity = s.quantity + new.quantity
   where s.location_id = new.location_id and s.fee_rule_id = new.fee_rule_id;
  return null;
exception when check_violation then
  raise exception 'Only % of these cores are on hand at this branch.',
    (select coalesce(max(s.quantity), 0) from public.core_stock s where s.location_id = new.location_id and s.fee_rule_id = new.fee_rule_id)
    using errcode = 'P0001';
end;
$function$;

CREATE OR REPLACE FUNCTION public.count_stock(p_id bigint, p_lines jsonb, p_user_id bigint)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_count public.stock_counts;
  v_index integer;
  v_name text;
  v_before integer;
  v_after integer;
begin
  select * into v_count from public.stock_counts c where c.id = p_id for no key update;
  if not found then
    raise exception 'Stock count not found' using errcode = 'P0002';
  end if;
  if v_count.status <> 'open' then
    raise exception 'Count % is %: its lines cannot change.', v_count.number, v_count.status using errcode = 'P0001';
  end if;

  select x.ord - 1, coalesce(p.name, 'Product ' || x.product_id) into v_index, v_name
    from rows from (jsonb_to_recordset(p_lines) as (product_id bigint, counted integer)) with ordinality as x(product_id, counted, ord)
    left join public.stock_count_lines l on l.stock_count_id = p_id and l.product_id = x.product_id
    left join public.products p on p.id = x.product_id
   where l.product_id is null
   order by x.ord
   limit 1;
  if v_index is not null then
    raise exception '% is not in count %.', v_name, v_count.number using errcode = 'WH422', hint = 'lines.' || v_index || '.product_id';
  end if;

  insert into public.stock_levels (product_id, location_id)
  select x.product_id, v_count.location_id
    from jsonb_to_recordset(p_lines) as x(product_id bigint, counted integer)
   where x.counted is not null
   order by x.product_id
  on conflict do nothing;

  select count(*) filter (where l.counted is not null) into v_before
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.product_id in (select x.product_id from jsonb_to_recordset(p_lines) as x(product_id bigint));

  with named as (
    select x.product_id, x.counted from jsonb_to_recordset(p_lines) as x(product_id bigint, counted integer)
  ), shelf as (
    select s.product_id, s.quantity
      from public.stock_levels s
     where s.location_id = v_count.location_id and s.product_id in (select n.product_id from named n where n.counted is not null)
     order by s.product_id
       for share
  )
  update public.stock_count_lines l
     set counted = n.counted,
         expected = case when n.counted is null then null else s.quantity end,
         counted_at = case when n.counted is null then null else clock_timestamp() end,
         counted_by = case when n.counted is null then null else p_user_id end
    from named n
    left join shelf s on s.product_id = n.product_id
   where l.stock_count_id = p_id and l.product_id = n.product_id;

  select count(*) filter (where l.counted is not null) into v_after
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.product_id in (select x.product_id from jsonb_to_recordset(p_lines) as x(product_id bigint));

  update public.stock_counts c set counted_lines = c.counted_lines + v_after - v_before where c.id = p_id;
  return v_after;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_credit_note(p_type text, p_document_id bigint, p_location_id bigint, p_date date, p_reason text, p_items jsonb, p_settle text, p_payment_method text, p_notes text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record;
  v_status text;
  v_customer_id bigint;
  v_number text;
  v_paid numeric;
  v_owed numeric;
  v_id bigint;
  v_bad record;
  v_total record;
  v_excess numeric;
  v_receipt_id bigint;
  line record;
  v_on_hand integer;
  v_lines jsonb;
begin
  if p_type not in ('Invoice', 'Sale') then
    raise exception 'A return is against an invoice or a sale.' using errcode = 'WH422', hint = 'invoice_id';
  end if;
  t := public.document_tables(p_type);
  execute format('select d.status, d.customer_id, d.number, d.total_paid, d.net_amount - d.credited_amount from public.%I d where d.id = $1 for update',
    t.header_table) into v_status, v_customer_id, v_number, v_paid, v_owed using p_document_id;
  if v_status is null then
    raise exception 'The selected % does not exist', t.noun using errcode = 'WH422', hint = lower(p_type) || '_id';
  end if;
  if v_status <> t.posted_status then
    raise exception 'A % % has nothing to return.', v_status, t.noun using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.locations l where l.id = p_location_id) then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;

  -- Each asked line, with the line it names (none when it is not this document's).
  select coalesce(jsonb_agg(to_jsonb(q) order by q.index), '[]'::jsonb) into v_lines
    from (select (r.ord - 1)::integer as index, r.line_id, r.quantity, coalesce(r.restock, false) as restock, l.line_position as position, l.product_id,
                 l.product_type, l.product_name, l.description, l.dot, l.quantity as sold, l.unit_price, l.discount_percent, l.cost_price,
                 l.returned, l.value, l.tax
            from rows from (jsonb_to_recordset(p_items) as (line_id bigint, quantity integer, restock boolean)) with ordinality as r(line_id, quantity, restock, ord)
            left join public.returnable_lines(p_type, p_document_id) l on l.line_id = r.line_id) q;

  select * into v_bad
    from (select x.*, sum(x.quantity) over (partition by x.line_id) as asked
            from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x) x
   where x.product_id is null or x.asked > x.sold - x.returned or (x.restock and x.product_type = 'service')
   order by x.index limit 1;
  if v_bad.index is not null and v_bad.product_id is null then
    raise exception 'This line is not on this %.', t.noun using errcode = 'WH422', hint = format('items.%s.line_id', v_bad.index);
  end if;
  if v_bad.index is not null and v_bad.asked > v_bad.sold - v_bad.returned then
    raise exception '% of this line can still be returned.', case when v_bad.sold - v_bad.returned = 0 then 'None' else (v_bad.sold - v_bad.returned)::text end
      using errcode = 'WH422', hint = format('items.%s.quantity', v_bad.index);
  end if;
  if v_bad.index is not null then
    raise exception 'A service has no stock to put back.' using errcode = 'WH422', hint = format('items.%s.restock', v_bad.index);
  end if;

  insert into public.credit_notes (number, customer_id, location_id, issued_date, document_type, document_id, reason, notes, created_by)
  values (public.next_document_number('credit_note', p_date), v_customer_id, p_location_id, p_date, p_type, p_document_id, p_reason,
          p_notes, p_user_id)
  returning id into v_id;

  -- A unit is worth its share of the line's value: what the returns so far are worth, rounded, up to now with these.
  insert into public.credit_note_items (credit_note_id, position, line_id, product_id, product_type, product_name, description, dot,
    quantity, unit_price, discount_percent, cost_price, restock, line_total, tax_amount, amount)
  select v_id, x.index, x.line_id, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity, x.unit_price,
         x.discount_percent, x.cost_price, x.restock,
         (round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2))
           - (round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2)),
         round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2),
         round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2)
    from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x
   order by x.index;

  -- Restocked goods come back at the line's cost, which the product's average cost takes in.
  perform 1 from public.products p
   where p.id in (select x.product_id from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x where x.restock) order by p.id for no key update;
  for line in
    select x.product_id, sum(x.quantity)::integer as quantity, sum(x.quantity * x.cost_price) as cost
      from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x where x.restock group by x.product_id order by x.product_id
  loop
    select coalesce(sum(s.quantity), 0)::integer into v_on_hand from public.stock_levels s where s.product_id = line.product_id;
    update public.products p
       set cost_price = round((v_on_hand * p.cost_price + line.cost) / (v_on_hand + line.quantity), 2), updated_at = now()
     where p.id = line.product_id;
    perform public.move_stock(line.product_id, p_location_id, line.quantity, 'return', null, p_user_id, 'CreditNote', v_id, line.cost / line.quantity);
  end loop;

  select coalesce(sum(x.line_total), 0) as subtotal, coalesce(sum(x.tax_amount), 0) as tax, coalesce(sum(x.amount), 0) as amount
    into v_total from public.credit_note_items x where x.credit_note_id = v_id;

  -- What was paid beyond what is now owed goes back: refunded, or kept as store credit.
  v_excess := greatest(v_paid - (v_owed - v_total.amount), 0);
  if v_excess > 0 and p_settle is null then
    raise exception 'The customer paid % more than is now owed: give it back as a refund or as store credit.', public.format_money(v_excess)
      using errcode = 'WH422', hint = 'settle';
  end if;
  if v_excess > 0 then
    v_receipt_id := public.create_receipt('refund', p_type, p_document_id, v_excess, p_date,
      case when p_settle = 'credit' then 'store_credit' else coalesce(p_payment_method, 'cash') end, null, null, null, null, null, p_user_id);
    update public.receipts r set credit_note_id = v_id where r.id = v_receipt_id;
  end if;

  update public.credit_notes cn
     set subtotal = v_total.subtotal, tax_amount = v_total.tax, net_amount = v_total.amount,
         tax_rate = case when v_total.subtotal > 0 then round(v_total.tax * 100 / v_total.subtotal, 2) else 0 end,
         settle = case when v_excess > 0 then p_settle end,
         refunded_amount = case when v_excess > 0 and p_settle = 'refund' then v_excess else 0 end,
         store_credit_amount = case when v_excess > 0 and p_settle = 'credit' then v_excess else 0 end
   where cn.id = v_id;
  execute format('update public.%I d set credited_amount = d.credited_amount + $2 where d.id = $1', t.header_table)
    using p_document_id, v_total.amount;
  perform public.refresh_document_totals(p_type, p_document_id);
  perform public.report_stage_credit_note(1, v_id);
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_receipt(p_type text, p_receiptable_type text, p_receiptable_id bigint, p_amount numeric, p_receipt_date date, p_payment_method text, p_reference_number text, p_bank_name text, p_cheque_number text, p_transaction_id text, p_notes text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_receiptable_type);
  v_status text;
  v_number text;
  v_party_id bigint;
  v_location_id bigint;
  v_paid numeric;
  v_balance numeric;
  v_held numeric;
  v_id bigint;
begin
  execute format(
    'select d.status, d.number, d.%I, d.location_id, d.total_paid, d.balance_due from public.%I d where d.id = $1 for update',
    t.party_column, t.header_table
  ) into v_status, v_number, v_party_id, v_location_id, v_paid, v_balance using p_receiptable_id;
  if v_status is null then
    raise exception 'The selected document does not exist' using errcode = 'WH422', hint = 'receiptable_id';
  end if;
  if p_type = 'expense' and p_receiptable_type <> 'Purchase' then
    raise exception 'An expense must relate to a purchase order.' using errcode = 'WH422', hint = 'type';
  end if;
  if p_type = 'income' and p_receiptable_type = 'Purchase' then
    raise exception 'A payment to a supplier is an expense.' using errcode = 'WH422', hint = 'type';
  end if;
  if p_payment_method = 'store_credit' and t.party_column <> 'customer_id' then
    raise exception 'Store credit is a customer''s: it cannot pay a supplier.' using errcode = 'WH422', hint = 'payment_method';
  end if;
  if v_status = 'cancelled' then
    raise exception 'This % has been cancelled.', t.noun using errcode = 'P0001';
  end if;
  if v_status = 'draft' then
    raise exception 'A draft invoice cannot take payments. Send it first.' using errcode = 'P0001';
  end if;
  if p_amount <= 0 then
    raise exception 'Amount must be more than 0' using errcode = 'WH422', hint = 'amount';
  end if;
  if p_type in ('income', 'expense') then
    if v_balance <= 0 then
      raise exception 'This % is already paid in full.', t.noun using errcode = 'P0001';
    end if;
    if p_amount > v_balance then
      raise exception 'The amount cannot be more than the balance due (%).', public.format_money(v_balance)
        using errcode = 'WH422', hint = 'amount';
    end if;
    if p_payment_method = 'store_credit' then
      perform 1 from public.customers c where c.id = v_party_id for update;
      v_held := public.store_credit_of(v_party_id);
      if p_amount > v_held then
        raise exception 'The customer holds % of store credit.', public.format_money(v_held) using errcode = 'WH422', hint = 'amount';
      end if;
    end if;
  else
    if v_paid <= 0 then
      raise exception 'Nothing has been paid on this %, so there is nothing to refund.', t.noun using errcode = 'P0001';
    end if;
    if p_amount > v_paid then
      raise exception 'A refund cannot be more than what was paid (%).', public.format_money(v_paid)
        using errcode = 'WH422', hint = 'amount';
    end if;
  end if;

  insert into public.receipts (
    number, receipt_date, type, receiptable_type, receiptable_id, document_number, customer_id, supplier_id, location_id,
    amount, payment_method, reference_number, bank_name, cheque_number, transaction_id, notes, created_by
  ) values (
    public.next_document_number('receipt', p_receipt_date), p_receipt_date, p_type, p_receiptable_type, p_receiptable_id,
    v_number, case when t.party_column = 'customer_id' then v_party_id end, case when t.party_column = 'supplier_id' then v_party_id end,
    v_location_id, p_amount, p_payment_method, p_reference_number, p_bank_name, p_cheque_number, p_transaction_id, p_notes, p_user_id
  ) returning id into v_id;
  perform public.refresh_document_totals(p_receiptable_type, p_receiptable_id);
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_supplier_return(p_purchase_id bigint, p_date date, p_reason text, p_items jsonb, p_payment_method text, p_notes text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_order public.purchases;
  v_lines jsonb;
  v_bad record;
  v_id bigint;
  v_total record;
  v_excess numeric;
  v_receipt_id bigint;
  line record;
  v_on_hand integer;
begin
  select * into v_order from public.purchases p where p.id = p_purchase_id for update;
  if not found then
    raise exception 'The selected purchase order does not exist' using errcode = 'WH422', hint = 'purchase_id';
  end if;
  if v_order.status = 'cancelled' then
    raise exception 'A cancelled purchase order has nothing to return.' using errcode = 'P0001';
  end if;

  select coalesce(jsonb_agg(to_jsonb(q) order by q.index), '[]'::jsonb) into v_lines
    from (select (r.ord - 1)::integer as index, r.line_id, r.quantity, false as restock, l.line_position as position, l.product_id,
                 l.product_type, l.product_name, l.description, l.dot, l.quantity as sold, l.unit_price, l.discount_percent, l.cost_price,
                 l.returned, l.value, l.tax, x.received_quantity as received
            from rows from (jsonb_to_recordset(p_items) as (line_id bigint, quantity integer)) with ordinality as r(line_id, quantity, ord)
            left join public.returnable_lines('Purchase', p_purchase_id) l on l.line_id = r.line_id
            left join public.purchase_items x on x.id = l.line_id) q;

  select * into v_bad
    from (select x.*, (v_lines -> x.index ->> 'received')::integer as received, sum(x.quantity) over (partition by x.line_id) as asked
            from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x) x
   where x.product_id is null or x.asked > x.received - x.returned
   order by x.index limit 1;
  if v_bad.index is not null and v_bad.product_id is null then
    raise exception 'This line is not on this purchase order.' using errcode = 'WH422', hint = format('items.%s.line_id', v_bad.index);
  end if;
  if v_bad.index is not null then
    raise exception '% of this line can go back to the supplier.', case when v_bad.received - v_bad.returned <= 0 then 'None'
      else (v_bad.received - v_bad.returned)::text end using errcode = 'WH422', hint = format('items.%s.quantity', v_bad.index);
  end if;

  insert into public.supplier_returns (number, supplier_id, location_id, issued_date, document_id, reason, notes, created_by)
  values (public.next_document_number('supplier_return', p_date), v_order.supplier_id, v_order.location_id, p_date, p_purchase_id,
          p_reason, p_notes, p_user_id)
  returning id into v_id;

  insert into public.supplier_return_items (supplier_return_id, position, line_id, product_id, product_type, product_name, description,
    dot, quantity, unit_price, discount_percent, cost_price, line_total, tax_amount, amount)
  select v_id, x.index, x.line_id, x.product_id, x.product_type, x.product_name, x.description, x.dot, x.quantity, x.unit_price,
         x.discount_percent, x.unit_price,
         (round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2))
           - (round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2)),
         round(x.tax * (x.returned + x.quantity) / x.sold, 2) - round(x.tax * x.returned / x.sold, 2),
         round(x.value * (x.returned + x.quantity) / x.sold, 2) - round(x.value * x.returned / x.sold, 2)
    from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x
   order by x.index;

  perform 1 from public.products p
   where p.id in (select x.product_id from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x) order by p.id for no key update;
  for line in
    select x.product_id, sum(x.quantity)::integer as quantity, sum(x.quantity * x.unit_price) as cost
      from jsonb_populate_recordset(null::public.credit_note_return, v_lines) x group by x.product_id order by x.product_id
  loop
    select coalesce(sum(s.quantity), 0)::integer into v_on_hand from public.stock_levels s where s.product_id = line.product_id;
    if v_on_hand > line.quantity then
      update public.products p
         set cost_price = greatest(round((v_on_hand * p.cost_price - line.cost) / (v_on_hand - line.quantity), 2), 0), updated_at = now()
       where p.id = line.product_id;
    end if;
    perform public.move_stock(line.product_id, v_order.location_id, -line.quantity, 'supplier_return', null, p_user_id, 'SupplierReturn', v_id,
      line.cost / line.quantity);
  end loop;

  select coalesce(sum(x.line_total), 0) as subtotal, coalesce(sum(x.tax_amount), 0) as tax, coalesce(sum(x.amount), 0) as amount
    into v_total from public.supplier_return_items x where x.supplier_return_id = v_id;
  v_excess := greatest(v_order.total_paid - (v_order.net_amount - v_order.credited_amount - v_total.amount), 0);
  if v_excess > 0 then
    v_receipt_id := public.create_receipt('refund', 'Purchase', p_purchase_id, v_excess, p_date, coalesce(p_payment_method, 'bank_transfer'),
      null, null, null, null, null, p_user_id);
    update public.receipts r set supplier_return_id = v_id where r.id = v_receipt_id;
  end if;
  update public.supplier_returns sr
     set subtotal = v_total.subtotal, tax_amount = v_total.tax, net_amount = v_total.amount, refunded_amount = v_excess,
         tax_rate = case when v_total.subtotal > 0 then round(v_total.tax * 100 / v_total.subtotal, 2) else 0 end
   where sr.id = v_id;
  update public.purchases p set credited_amount = p.credited_amount + v_total.amount where p.id = p_purchase_id;
  perform public.refresh_document_totals('Purchase', p_purchase_id);
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.credit_note_items_copy_tax()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text;
begin
  select cn.document_type into v_type from public.credit_notes cn where cn.id = new.credit_note_id;
  if v_type = 'Invoice' then
    select x.tax_name, x.tax_rate into new.tax_name, new.tax_rate from public.invoice_items x where x.id = new.line_id;
  else
    select x.tax_name, x.tax_rate into new.tax_name, new.tax_rate from public.sale_items x where x.id = new.line_id;
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.credit_note_items_core()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  cn public.credit_notes;
  v_rule_id bigint;
  v_refundable boolean;
  v_sold_on date;
  v_deadline date;
begin
  select * into cn from public.credit_notes where id = new.credit_note_id;
  if cn.document_type = 'Invoice' then
    select r.id, r.refundable, d.issued_date into v_rule_id, v_refundable, v_sold_on
      from public.invoice_items x join public.invoices d on d.id = x.invoice_id join public.fee_rules r on r.id = x.fee_rule_id
     where x.id = new.line_id and x.line_kind = 'fee';
  else
    select r.id, r.refundable, d.sale_date into v_rule_id, v_refundable, v_sold_on
      from public.sale_items x join public.sales d on d.id = x.sale_id join public.fee_rules r on r.id = x.fee_rule_id
     where x.id = new.line_id and x.line_kind = 'fee';
  end if;
  if v_rule_id is null or not v_refundable then
    return new;
  end if;
  v_deadline := v_sold_on + (select s.core_return_days from public.settings s);
  if cn.issued_date > v_deadline then
    raise exception 'The core could be returned until %: its charge is no longer credited.', to_char(v_deadline, 'YYYY-MM-DD') using errcode = 'P0001';
  end if;
  new.line_kind := 'core_return';
  insert into public.core_moves (location_id, fee_rule_id, quantity, reason, credit_note_id, moved_on, created_by)
  values (cn.location_id, v_rule_id, new.quantity, 'returned', cn.id, cn.issued_date, cn.created_by);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.credit_notes_cancel_cores()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into public.core_moves (location_id, fee_rule_id, quantity, reason, credit_note_id, created_by)
  select m.location_id, m.fee_rule_id, -sum(m.quantity), 'return_cancelled', new.id, nullif(current_setting('wheelhouse.user_id', true), '')::bigint
    from public.core_moves m where m.credit_note_id = new.id
   group by m.location_id, m.fee_rule_id
  having sum(m.quantity) <> 0;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.customer_exemption(p_customer_id bigint, p_date date)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.tax_exempt_certificate from public.customers c
   where c.id = p_customer_id and c.tax_exempt and (c.tax_exempt_until is null or c.tax_exempt_until >= p_date)
$function$;

CREATE OR REPLACE FUNCTION public.day_close_figures(p_location_id bigint, p_from date, p_to date)
 RETURNS TABLE(payment_method text, ord integer, income numeric, refunds numeric, expenses numeric, supplier_refunds numeric, receipts integer, net numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select m.method, m.ord::integer,
         coalesce(sum(r.amount) filter (where r.type = 'income'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'refund' and r.receiptable_type <> 'Purchase'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'expense'), 0),
         coalesce(sum(r.amount) filter (where r.type = 'refund' and r.receiptable_type = 'Purchase'), 0),
         count(r.id)::integer,
         coalesce(sum(case when r.type = 'income' or (r.type = 'refund' and r.receiptable_type = 'Purchase') then r.amount
                           else -r.amount end), 0)
    from unnest(array['cash', 'credit_card', 'bank_transfer', 'cheque']) with ordinality as m(method, ord)
    left join public.receipts r
      on r.payment_method = m.method and r.location_id = p_location_id and r.receipt_date between p_from and p_to
   group by m.method, m.ord
   order by m.ord
$function$;

CREATE OR REPLACE FUNCTION public.day_close_preview(p_location_id bigint, p_date date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_last public.day_closes;
  v_today public.day_closes;
  v_from date;
  v_float numeric;
  v_methods jsonb;
begin
  select * into v_last from public.day_closes c
   where c.location_id = p_location_id and c.status = 'closed' and c.business_date < p_date
   order by c.business_date desc limit 1;
  select * into v_today from public.day_closes c
   where c.location_id = p_location_id and c.status = 'closed' and c.business_date = p_date;
  v_from := coalesce(v_last.business_date + 1, p_date);
  v_float := coalesce(v_last.closing_float, 0);
  select jsonb_agg(jsonb_build_object('payment_method', f.payment_method, 'income', f.income, 'refunds', f.refunds,
           'expenses', f.expenses, 'supplier_refunds', f.supplier_refunds, 'receipts', f.receipts, 'net', f.net,
           'expected', f.net + case when f.payment_method = 'cash' then v_float else 0 end) order by f.ord)
    into v_methods
    from public.day_close_figures(p_location_id, v_from, p_date) f;
  return jsonb_build_object(
    'location_id', p_location_id,
    'date', p_date,
    'period_from', v_from,
    'opening_float', v_float,
    'previous_close', case when v_last.id is null then null
      else jsonb_build_object('id', v_last.id, 'number', v_last.number, 'date', v_last.business_date) end,
    'closed_through', (select max(c.business_date) from public.day_closes c where c.location_id = p_location_id and c.status = 'closed'),
    'close', case when v_today.id is null then null else jsonb_build_object('id', v_today.id, 'number', v_today.number) end,
    'methods', v_methods,
    'expected_cash', (select (m ->> 'expected')::numeric from jsonb_array_elements(v_methods) m where m ->> 'payment_method' = 'cash'),
    'expected_total', (select sum((m ->> 'expected')::numeric) from jsonb_array_elements(v_methods) m)
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.decline_document(p_type text, p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is declined.';
  end if;
  perform public.lock_quote(p_id, array['draft', 'sent', 'accepted'], 'declined');
  update public.quotes q set status = 'declined', updated_at = now() where q.id = p_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.delete_receipt(p_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_receipt public.receipts;
  v_status text;
  t record;
begin
  select * into v_receipt from public.receipts r where r.id = p_id;
  if not found then
    raise exception 'Receipt not found' using errcode = 'P0002';
  end if;
  if v_receipt.credit_note_id is not null then
    raise exception 'This refund settles credit note %: cancel the credit note instead.',
      (select cn.number from public.credit_notes cn where cn.id = v_receipt.credit_note_id) using errcode = 'P0001';
  end if;
  if v_receipt.supplier_return_id is not null then
    raise exception 'This refund settles supplier return %, so it cannot be deleted.',
      (select sr.number from public.supplier_returns sr where sr.id = v_receipt.supplier_return_id) using errcode = 'P0001';
  end if;
  t := public.document_tables(v_receipt.receiptable_type);
  execute format('select d.status from public.%I d where d.id = $1 for update', t.header_table)
    into v_status using v_receipt.receiptable_id;
  if v_status = 'cancelled' then
    raise exception 'Receipts of a cancelled document cannot be deleted.' using errcode = 'P0001';
  end if;
  if v_receipt.payment_method = 'store_credit' and v_receipt.type = 'refund' then
    perform 1 from public.customers c where c.id = v_receipt.customer_id for update;
    if public.store_credit_of(v_receipt.customer_id) < v_receipt.amount then
      raise exception 'The customer has already spent this store credit.' using errcode = 'P0001';
    end if;
  end if;
  delete from public.receipts r where r.id = p_id;
  if not found then
    raise exception 'Receipt not found' using errcode = 'P0002';
  end if;
  begin
    perform public.refresh_document_totals(v_receipt.receiptable_type, v_receipt.receiptable_id);
  exception when check_violation then
    raise exception 'This payment has been partly refunded. Delete the refund first.' using errcode = 'P0001';
  end;
end;
$function$;

CREATE OR REPLACE FUNCTION public.document_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
  v_type text := case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' when 'quotes' then 'Quote'
    when 'credit_notes' then 'CreditNote' when 'supplier_returns' then 'SupplierReturn' else 'Purchase' end;
begin
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.document_counts as dc (bucket, type, location_id, status, payment_status, documents)
    values (v_bucket, v_type, old.location_id, old.status, old.payment_status, -1)
    on conflict (type, bucket, location_id, status, payment_status) do update set documents = dc.documents - 1;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into public.document_counts as dc (bucket, type, location_id, status, payment_status, documents)
    values (v_bucket, v_type, new.location_id, new.status, new.payment_status, 1)
    on conflict (type, bucket, location_id, status, payment_status) do update set documents = dc.documents + 1;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.document_fees(p_lines jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('key', l.key, 'fee_rule_id', r.id, 'product_id', r.product_id, 'name', r.name,
                                               'amount', r.amount, 'quantity', l.quantity, 'refundable', r.refundable)
                            order by l.ordinality, r.id), '[]'::jsonb)
    from jsonb_array_elements(p_lines) with ordinality as e(line, ordinality)
    cross join lateral (select e.line ->> 'key' as key, (e.line ->> 'product_id')::bigint as product_id, e.line ->> 'product_type' as product_type,
                               (e.line ->> 'quantity')::integer as quantity, coalesce(e.line -> 'waived', '[]'::jsonb) as waived, e.ordinality) l
    join public.fee_rules r on r.active
     and (r.applies_to = l.product_type
          or (r.applies_to = 'marked' and exists (select 1 from public.product_fee_rules m where m.fee_rule_id = r.id and m.product_id = l.product_id)))
   where not l.waived @> to_jsonb(r.id)
     and r.product_id <> l.product_id
$function$;

CREATE OR REPLACE FUNCTION public.document_tables(p_type text, OUT header_table text, OUT lines_table text, OUT key_column text, OUT party_column text, OUT noun text, OUT posted_status text)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  case p_type
    when 'Invoice' then
      header_table := 'invoices'; lines_table := 'invoice_items'; key_column := 'invoice_id'; party_column := 'customer_id';
      noun := 'invoice'; posted_status := 'sent';
    when 'Sale' then
      header_table := 'sales'; lines_table := 'sale_items'; key_column := 'sale_id'; party_column := 'customer_id';
      noun := 'sale'; posted_status := 'completed';
    when 'Purchase' then
      header_table := 'purchases'; lines_table := 'purchase_items'; key_column := 'purchase_id'; party_column := 'supplier_id';
      noun := 'purchase order'; posted_status := 'received';
    when 'Quote' then
      header_table := 'quotes'; lines_table := 'quote_items'; key_column := 'quote_id'; party_column := 'customer_id';
      noun := 'quote'; posted_status := 'sent';
    when 'CreditNote' then
      header_table := 'credit_notes'; lines_table := 'credit_note_items'; key_column := 'credit_note_id'; party_column := 'customer_id';
      noun := 'credit note'; posted_status := 'issued';
    when 'SupplierReturn' then
      header_table := 'supplier_returns'; lines_table := 'supplier_return_items'; key_column := 'supplier_return_id';
      party_column := 'supplier_id'; noun := 'supplier return'; posted_status := 'issued';
    else raise exception 'Unknown document type %', p_type;
  end case;
end;
$function$;

CREATE OR REPLACE FUNCTION public.documents_refuse_closed_day()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_new date := (to_jsonb(new) ->> tg_argv[0])::date;
  v_old date;
begin
  if tg_op = 'UPDATE' then
    v_old := (to_jsonb(old) ->> tg_argv[0])::date;
    if (v_old, old.location_id) is not distinct from (v_new, new.location_id) then
      return new;
    end if;
    perform public.refuse_closed_day(old.location_id, v_old);
  end if;
  perform public.refuse_closed_day(new.location_id, v_new);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.dot_week(p_dot text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case when m[1]::integer between 1 and 53 then (2000 + m[2]::integer) * 100 + m[1]::integer end
    from (select regexp_match(p_dot, '([0-9]{2})([0-9]{2})[[:space:]]*$') as m) d
$function$;

CREATE OR REPLACE FUNCTION public.format_money(p_amount numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '$' || to_char(p_amount, 'FM999,999,999,990.00') $function$;

CREATE OR REPLACE FUNCTION public.inventory_items_set_low_stock_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update public.products p set low_stock_at = new.min_stock where p.id = new.product_id and p.low_stock_at <> new.min_stock;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.invoice_shown_status(p_status text, p_payment_status text, p_due_date date)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_status = 'cancelled' then 'cancelled'
              when p_payment_status = 'paid' then 'paid'
              when p_payment_status = 'partial' then 'partial'
              when p_status = 'sent' and p_due_date < current_date then 'overdue'
              when p_status = 'sent' then 'sent'
              else 'draft' end
$function$;

CREATE OR REPLACE FUNCTION public.is_low_stock(p_quantity integer, p_low_stock_at integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select p_quantity operator(pg_catalog.<=) p_low_stock_at
$function$;

CREATE OR REPLACE FUNCTION public.line_total(p_price numeric, p_quantity integer, p_discount_percent numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select round(p_price * p_quantity * (1 - p_discount_percent / 100), 2)
$function$;

CREATE OR REPLACE FUNCTION public.lock_quote(p_id bigint, p_allowed text[], p_doing text)
 RETURNS quotes
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_quote public.quotes;
begin
  select * into v_quote from public.quotes q where q.id = p_id for update;
  if not found then
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  if v_quote.status = 'converted' then
    raise exception 'This quote has already been converted.' using errcode = 'P0001';
  end if;
  if v_quote.status = 'declined' then
    raise exception 'This quote was declined.' using errcode = 'P0001';
  end if;
  if public.quote_shown_status(v_quote.status, v_quote.valid_until) = 'expired' then
    raise exception 'This quote expired on %.', to_char(v_quote.valid_until, 'YYYY-MM-DD') using errcode = 'P0001';
  end if;
  if not v_quote.status = any(p_allowed) then
    raise exception 'A % quote cannot be %.', v_quote.status, p_doing using errcode = 'P0001';
  end if;
  return v_quote;
end;
$function$;

CREATE OR REPLACE FUNCTION public.move_document_stock(p_type text, p_id bigint, p_location_id bigint, p_sign integer, p_reason text, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
  line record;
  v_have integer;
begin
  for line in execute format(
    'select x.product_id, sum(x.quantity)::integer as quantity, min(x.product_name) as name
       from public.%I x where x.%I = $1 and x.product_type <> ''service''
      group by x.product_id order by x.product_id',
    t.lines_table, t.key_column
  ) using p_id loop
    perform 1 from public.products p where p.id = line.product_id for no key update;
    insert into public.stock_levels (product_id, location_id) values (line.product_id, p_location_id) on conflict do nothing;
    select s.quantity into v_have from public.stock_levels s
     where s.product_id = line.product_id and s.location_id = p_location_id
       for update;
    if p_sign < 0 and v_have < line.quantity then
      raise exception 'Not enough stock of % at %: only % available.',
        line.name, (select l.name from public.locations l where l.id = p_location_id), v_have
        using errcode = 'P0001';
    end if;
    perform public.move_stock(line.product_id, p_location_id, p_sign * line.quantity, p_reason, null, p_user_id, p_type, p_id);
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION public.move_stock(p_product_id bigint, p_location_id bigint, p_delta integer, p_reason text, p_note text, p_user_id bigint, p_document_type text DEFAULT NULL::text, p_document_id bigint DEFAULT NULL::bigint, p_unit_cost numeric DEFAULT NULL::numeric)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_kind text;
  v_quantity integer;
  v_location text;
  v_in_transit boolean := p_reason = 'in_transit';
begin
  select p.kind into v_kind from public.products p where p.id = p_product_id for no key update;
  if v_kind is null then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if v_kind = 'service' then
    raise exception 'Services have no stock.' using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if v_location is null then
    raise exception 'Location not found' using errcode = 'P0002';
  end if;

  insert into public.stock_levels (product_id, location_id) values (p_product_id, p_location_id)
  on conflict do nothing;
  if v_in_transit then
    update public.stock_levels s
       set in_transit = s.in_transit + p_delta
     where s.product_id = p_product_id and s.location_id = p_location_id and s.in_transit + p_delta >= 0
    returning s.in_transit into v_quantity;
    if v_quantity is null then
      select s.in_transit into v_quantity from public.stock_levels s
       where s.product_id = p_product_id and s.location_id = p_location_id;
      raise exception 'Only % on the way to %.', v_quantity, v_location using errcode = 'P0001';
    end if;
  else
    update public.stock_levels s
       set quantity = s.quantity + p_delta
     where s.product_id = p_product_id and s.location_id = p_location_id and s.quantity + p_delta >= 0
    returning s.quantity into v_quantity;
    if v_quantity is null then
      select s.quantity into v_quantity from public.stock_levels s
       where s.product_id = p_product_id and s.location_id = p_location_id;
      raise exception 'Not enough stock at %: only % available.', v_location, v_quantity using errcode = 'P0001';
    end if;
  end if;

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id, unit_cost)
  values (p_product_id, p_location_id, p_delta, p_reason, p_note, p_user_id, p_document_type, p_document_id, p_unit_cost);
  if not v_in_transit then
    update public.products p set total_stock = p.total_stock + p_delta where p.id = p_product_id;
  end if;
  return v_quantity;
end;
$function$;

CREATE OR REPLACE FUNCTION public.next_document_number(p_series text, p_date date)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_year integer := extract(year from p_date)::integer;
  v_prefix text;
  v_value integer;
begin
  select case p_series
           when 'invoice' then s.invoice_prefix
           when 'sale' then s.sale_prefix
           when 'receipt' then s.receipt_prefix
           when 'purchase' then s.purchase_prefix
           when 'quote' then s.quote_prefix
           when 'credit_note' then s.credit_note_prefix
           when 'supplier_return' then s.supplier_return_prefix
         end
    into v_prefix
    from public.settings s;
  insert into public.document_series (series, year) values (p_series, v_year) on conflict do nothing;
  update public.document_series ds
     set next_value = ds.next_value + 1
   where ds.series = p_series and ds.year = v_year
  returning ds.next_value - 1 into v_value;
  return coalesce(v_prefix, upper(p_series)) || '-' || v_year || '-' || lpad(v_value::text, greatest(5, length(v_value::text)), '0');
end;
$function$;

CREATE OR REPLACE FUNCTION public.open_count_of(p_location_id bigint, p_kind text, p_tire_brand_id bigint, p_battery_brand_id bigint, OUT number text, OUT product text)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.number, p.name
    from public.stock_count_open o
    join public.stock_counts c on c.id = o.stock_count_id
    join public.products p on p.id = o.product_id
   where o.location_id = p_location_id
     and (p_kind is null or p.kind = p_kind)
     and (p_tire_brand_id is null or exists (select 1 from public.tires t where t.product_id = p.id and t.tire_brand_id = p_tire_brand_id))
     and (p_battery_brand_id is null or exists (select 1 from public.batteries b where b.product_id = p.id and b.battery_brand_id = p_battery_brand_id))
   order by c.id, p.name
   limit 1
$function$;

CREATE OR REPLACE FUNCTION public.post_document(p_type text, p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
  v_status text;
  v_location_id bigint;
begin
  if p_type not in ('Invoice', 'Sale') then
    raise exception 'A % is received, not posted.', t.noun;
  end if;
  execute format('select d.status, d.location_id from public.%I d where d.id = $1 for update', t.header_table)
    into v_status, v_location_id using p_id;
  if v_status is null then
    raise exception '% not found', p_type using errcode = 'P0002';
  end if;
  if v_status = t.posted_status then
    raise exception 'This % has already been %.', t.noun, t.posted_status using errcode = 'P0001';
  end if;
  if v_status = 'cancelled' then
    raise exception 'This % has been cancelled.', t.noun using errcode = 'P0001';
  end if;
  perform public.move_document_stock(p_type, p_id, v_location_id, -1, 'sale', p_user_id);
  if p_type = 'Invoice' then
    update public.invoices i
       set status = 'sent', number = public.next_document_number('invoice', i.issued_date), sent_at = now(), updated_at = now()
     where i.id = p_id;
  else
    update public.sales s set status = 'completed', completed_at = now(), updated_at = now() where s.id = p_id;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.post_stock_count(p_id bigint, p_uncounted text, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_count public.stock_counts;
  v_location text;
  v_uncounted integer;
  v_product text;
  v_shelf integer;
  v_counted integer;
  v_corrections integer;
  v_units integer;
  v_value numeric;
begin
  select * into v_count from public.stock_counts c where c.id = p_id for update;
  if not found then
    raise exception 'Stock count not found' using errcode = 'P0002';
  end if;
  if v_count.status = 'posted' then
    raise exception 'Count % is already posted.', v_count.number using errcode = 'P0001';
  elsif v_count.status = 'cancelled' then
    raise exception 'Count % is cancelled.', v_count.number using errcode = 'P0001';
  end if;
  if p_uncounted is not null and p_uncounted not in ('zero', 'skip') then
    raise exception 'Uncounted must be zero or skip' using errcode = 'WH422', hint = 'uncounted';
  end if;
  v_uncounted := v_count.lines - v_count.counted_lines;
  if v_uncounted > 0 and p_uncounted is null then
    raise exception '% of % products are not counted yet: count them, or post them as none on the shelf or as they are.',
      v_uncounted, v_count.lines using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = v_count.location_id;

  perform 1
     from public.products p
     join public.stock_count_lines l on l.product_id = p.id
    where l.stock_count_id = p_id
      and (l.variance <> 0 or (l.counted is null and p_uncounted = 'zero'))
    order by p.id
      for no key update of p;

  perform 1
     from public.stock_levels s
     join public.stock_count_lines l on l.product_id = s.product_id
    where l.stock_count_id = p_id and s.location_id = v_count.location_id
      and (l.variance <> 0 or (l.counted is null and p_uncounted = 'zero'))
    order by s.product_id
      for no key update of s;

  -- A product without stock at the branch has none to correct.
  if p_uncounted = 'zero' and v_uncounted > 0 then
    update public.stock_count_lines l
       set counted = 0, counted_at = now(),
           expected = coalesce((select s.quantity from public.stock_levels s
                                 where s.product_id = l.product_id and s.location_id = v_count.location_id), 0)
     where l.stock_count_id = p_id and l.counted is null;
  end if;

  select p.name, s.quantity, l.counted into v_product, v_shelf, v_counted
    from public.stock_count_lines l
    join public.stock_levels s on s.product_id = l.product_id and s.location_id = v_count.location_id
    join public.products p on p.id = l.product_id
   where l.stock_count_id = p_id and l.variance <> 0 and s.quantity + l.variance < 0
   order by p.name
   limit 1;
  if v_product is not null then
    raise exception '% at %: more left the shelf after it was counted than the count found (% counted, % left now); count it again.',
      v_product, v_location, v_counted, v_shelf
      using errcode = 'P0001';
  end if;

  update public.stock_levels s
     set quantity = s.quantity + l.variance
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.variance <> 0
     and s.product_id = l.product_id and s.location_id = v_count.location_id;

  insert into public.stock_moves (product_id, location_id, delta, reason, note, user_id, document_type, document_id, unit_cost)
  select l.product_id, v_count.location_id, l.variance, 'count_correction', 'Count ' || v_count.number, p_user_id, 'StockCount', p_id, p.cost_price
    from public.stock_count_lines l
    join public.products p on p.id = l.product_id
   where l.stock_count_id = p_id and l.variance <> 0
   order by l.product_id;

  update public.products p
     set total_stock = p.total_stock + l.variance
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.variance <> 0 and p.id = l.product_id;


  update public.stock_count_lines l
     set unit_cost = p.cost_price
    from public.products p
   where l.stock_count_id = p_id and l.variance <> 0 and p.id = l.product_id;
  delete from public.stock_count_open o where o.location_id = v_count.location_id and o.stock_count_id = p_id;

  select count(*) filter (where l.variance <> 0), coalesce(sum(l.variance), 0), coalesce(sum(round(l.variance * l.unit_cost, 2)), 0)
    into v_corrections, v_units, v_value
    from public.stock_count_lines l
   where l.stock_count_id = p_id and l.variance <> 0;

  update public.stock_counts c
     set status = 'posted', posted_at = now(), posted_by = p_user_id, uncounted = case when v_uncounted > 0 then p_uncounted end,
         corrections = v_corrections, variance_units = v_units, variance_value = v_value
   where c.id = p_id;

  perform public.audit_record('posted', 'stock_count', p_id, v_count.number,
    jsonb_build_object('corrections', jsonb_build_object('old', null, 'new', v_corrections),
                       'variance_units', jsonb_build_object('old', null, 'new', v_units),
                       'variance_value', jsonb_build_object('old', null, 'new', v_value)),
    v_count.location_id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.product_search_text(p_name text, p_extra text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(string_agg(w, ' ' order by s.n), '')
    from regexp_split_to_table(lower(concat_ws(' ', p_name, p_extra)), '\s+') with ordinality s(token, n),
         regexp_replace(s.token, '[^a-z0-9]', '', 'g') w
   where w <> ''
$function$;

CREATE OR REPLACE FUNCTION public.product_tax(p_product_id bigint, p_exempt boolean, OUT tax_name text, OUT tax_rate numeric)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_exempt or p.tax_exempt then 'Exempt' else coalesce(r.name, 'No Tax') end,
         case when p_exempt or p.tax_exempt then 0 else coalesce(r.rate, 0) end
    from public.products p
    left join public.tax_rates r on r.id = coalesce(p.tax_rate_id, (select d.id from public.tax_rates d where d.is_default))
   where p.id = p_product_id
$function$;

CREATE OR REPLACE FUNCTION public.products_keep_totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_old public.products[] := '{}';
  v_new public.products[] := '{}';
  v_txid bigint;
  v_restaged public.stock_change[];
  r record;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(array_agg(o), '{}') into v_old from old_rows o;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select coalesce(array_agg(n), '{}') into v_new from new_rows n;
  end if;

  for r in
    with c as (select -1 as sign, o.* from unnest(v_old) o union all select 1, n.* from unnest(v_new) n)
    select c.kind,
           sum(c.sign * c.active::integer)::integer as active, sum(c.sign * c.total_stock)::bigint as units,
           sum(c.sign * (c.total_stock > 0)::integer)::integer as stocked,
           sum(c.sign * c.total_stock * c.cost_price) as cost_value, sum(c.sign * c.total_stock * c.selling_price) as retail_value,
           sum(c.sign * (c.active and not c.stock_alert)::integer)::integer as in_stock,
           sum(c.sign * (c.active and c.total_stock > 0 and c.stock_alert)::integer)::integer as low,
           sum(c.sign * (c.active and c.total_stock = 0)::integer)::integer as out,
           sum(c.sign)::integer as products, sum(c.sign * (c.total_stock between 1 and 9)::integer)::integer as low_stock,
           sum(c.sign * (c.total_stock = 0)::integer)::integer as out_of_stock, sum(c.sign * c.stock_alert::integer)::integer as alerts
      from c
     group by c.kind
     order by c.kind
  loop
    if r.kind <> 'service' and (r.active, r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out) <> (0, 0, 0, 0, 0, 0, 0, 0) then
      v_txid := coalesce(v_txid, public.report_pending_txid());
      insert into public.report_product_totals as t (kind, bucket, txid, products, units, stocked, cost_value, retail_value, in_stock, low, out)
      values (r.kind, (v_txid % 16)::smallint, v_txid, r.active, r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out)
      on conflict (kind, bucket, txid) do update
         set products = t.products + excluded.products, units = t.units + excluded.units, stocked = t.stocked + excluded.stocked,
             cost_value = t.cost_value + excluded.cost_value, retail_value = t.retail_value + excluded.retail_value,
             in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low, out = t.out + excluded.out;
    end if;
    if (r.products, r.retail_value, r.low_stock, r.out_of_stock, r.alerts) <> (0, 0, 0, 0, 0) then
      v_txid := coalesce(v_txid, public.report_pending_txid());
      insert into public.product_totals as t (bucket, kind, txid, products, stock_value, low_stock, out_of_stock, alerts)
      values ((v_txid % 16)::smallint, r.kind, v_txid, r.products, r.retail_value, r.low_stock, r.out_of_stock, r.alerts)
      on conflict (bucket, kind, txid) do update
         set products = t.products + excluded.products, stock_value = t.stock_value + excluded.stock_value,
             low_stock = t.low_stock + excluded.low_stock, out_of_stock = t.out_of_stock + excluded.out_of_stock,
             alerts = t.alerts + excluded.alerts;
    end if;
  end loop;

  if tg_op = 'UPDATE' then
    select coalesce(array_agg(x.change), '{}') into v_restaged
      from unnest(v_old) o
      join unnest(v_new) n on n.id = o.id
      join public.stock_levels l on l.product_id = n.id
     cross join lateral (values
       (row(-1, l.location_id, l.quantity, o.kind, o.active, o.cost_price, o.selling_price, coalesce(l.reorder_point, o.low_stock_at))::public.stock_change),
       (row(1, l.location_id, l.quantity, n.kind, n.active, n.cost_price, n.selling_price, coalesce(l.reorder_point, n.low_stock_at))::public.stock_change)
     ) x(change)
     where (o.kind, o.active, o.cost_price, o.selling_price, o.low_stock_at) is distinct from (n.kind, n.active, n.cost_price, n.selling_price, n.low_stock_at);
    if cardinality(v_restaged) > 0 then
      perform public.report_stage_stocks(v_restaged);
    end if;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.products_leave_counts()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  delete from public.stock_count_open o using public.locations l where o.location_id = l.id and o.product_id = old.id;
  with gone as (delete from public.stock_count_lines l where l.product_id = old.id returning l.stock_count_id, l.counted)
  update public.stock_counts c
     set lines = c.lines - 1, counted_lines = c.counted_lines - (g.counted is not null)::int
    from gone g
   where c.id = g.stock_count_id;
  return old;
end;
$function$;

CREATE OR REPLACE FUNCTION public.products_set_search_text()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tire record;
begin
  select t.dot, t.made_in, t.size into v_tire from public.tires t where t.product_id = new.id;
  new.search_text := public.product_search_text(new.name, concat_ws(' ', v_tire.dot, v_tire.made_in));
  new.size_key := public.tire_size_key(v_tire.size);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.products_write_words()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    if old.search_text = new.search_text and lower(old.name) = lower(new.name) then
      return null;
    end if;
    delete from public.product_words where product_id = new.id;
  end if;
  insert into public.search_words (word)
  select distinct w from regexp_split_to_table(new.search_text, ' ') w where w <> '' order by w
  on conflict do nothing;
  insert into public.product_words (product_id, word, name_key)
  select distinct new.id, w, lower(new.name) from regexp_split_to_table(new.search_text, ' ') w where w <> '';
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.quote_shown_status(p_status text, p_valid_until date)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_status in ('draft', 'sent') and p_valid_until < current_date then 'expired' else p_status end
$function$;

CREATE OR REPLACE FUNCTION public.quotes_carry_vehicle()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.converted_type = 'Invoice' then
    update public.invoices d set vehicle_id = new.vehicle_id, mileage = new.mileage where d.id = new.converted_id;
  elsif new.converted_type = 'Sale' then
    update public.sales d set vehicle_id = new.vehicle_id, mileage = new.mileage where d.id = new.converted_id;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.quotes_set_valid_until()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.valid_until is null then
    new.valid_until := new.issued_date + (select s.quote_valid_days from public.settings s);
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.receipt_totals_apply()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_bucket smallint := (txid_current() % 16)::smallint;
begin
  perform 1 from public.product_totals t where t.bucket = v_bucket order by t.kind for update;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.receipt_totals as rt (bucket, receiptable_type, type, payment_method, receipts, amount)
    values (v_bucket, old.receiptable_type, old.type, old.payment_method, -1, -old.amount)
    on conflict (bucket, receiptable_type, type, payment_method) do update set receipts = rt.receipts - 1, amount = rt.amount - old.amount;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into public.receipt_totals as rt (bucket, receiptable_type, type, payment_method, receipts, amount)
    values (v_bucket, new.receiptable_type, new.type, new.payment_method, 1, new.amount)
    on conflict (bucket, receiptable_type, type, payment_method) do update set receipts = rt.receipts + 1, amount = rt.amount + new.amount;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.receipts_refuse_closed_day()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and (old.receipt_date, old.location_id, old.amount, old.payment_method, old.type, old.receiptable_type)
       is not distinct from (new.receipt_date, new.location_id, new.amount, new.payment_method, new.type, new.receiptable_type) then
    return new;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform public.refuse_closed_day(old.location_id, old.receipt_date);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform public.refuse_closed_day(new.location_id, new.receipt_date);
    return new;
  end if;
  return old;
end;
$function$;

CREATE OR REPLACE FUNCTION public.receive_purchase(p_id bigint, p_items jsonb, p_actual_delivery_date date, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_order public.purchases;
  v_bad record;
  v_receiving jsonb;
  line record;
  v_on_hand integer;
begin
  select * into v_order from public.purchases p where p.id = p_id for update;
  if not found then
    raise exception 'Purchase order not found' using errcode = 'P0002';
  end if;
  if v_order.status = 'received' then
    raise exception 'This purchase order has already been received.' using errcode = 'P0001';
  end if;
  if v_order.status = 'cancelled' then
    raise exception 'This purchase order has been cancelled.' using errcode = 'P0001';
  end if;

  -- What comes in now, per line: the request, or everything outstanding.
  if p_items is null then
    select jsonb_agg(jsonb_build_object(
             'purchase_item_id', x.id, 'product_id', x.product_id, 'quantity', x.quantity - x.received_quantity, 'unit_cost', x.unit_price))
      into v_receiving
      from public.purchase_items x where x.purchase_id = p_id and x.received_quantity < x.quantity;
  else
    select r.ord - 1 as index, x.id, x.quantity - x.received_quantity as outstanding
      into v_bad
      from rows from (jsonb_to_recordset(p_items) as (purchase_item_id bigint, quantity integer)) with ordinality as r(purchase_item_id, quantity, ord)
      left join public.purchase_items x on x.id = r.purchase_item_id and x.purchase_id = p_id
     where x.id is null or r.quantity > x.quantity - x.received_quantity
     order by r.ord
     limit 1;
    if v_bad.index is not null and v_bad.id is null then
      raise exception 'This line is not on this purchase order.'
        using errcode = 'WH422', hint = format('items.%s.purchase_item_id', v_bad.index);
    end if;
    if v_bad.index is not null then
      raise exception 'Only % of this line are still to be received.', v_bad.outstanding
        using errcode = 'WH422', hint = format('items.%s.quantity', v_bad.index);
    end if;
    select jsonb_agg(jsonb_build_object('purchase_item_id', x.id, 'product_id', x.product_id, 'quantity', r.quantity, 'unit_cost', x.unit_price))
      into v_receiving
      from jsonb_to_recordset(p_items) as r(purchase_item_id bigint, quantity integer)
      join public.purchase_items x on x.id = r.purchase_item_id
     where r.quantity > 0;
  end if;
  if v_receiving is null then
    raise exception 'Enter a quantity to receive for at least one line.' using errcode = 'WH422', hint = 'items';
  end if;

  perform 1 from public.products p
   where p.id in (select r.product_id from jsonb_to_recordset(v_receiving) as r(product_id bigint))
   order by p.id
     for no key update;
  insert into public.stock_levels (product_id, location_id)
  select distinct r.product_id, v_order.location_id from jsonb_to_recordset(v_receiving) as r(product_id bigint)
  on conflict do nothing;
  perform 1 from public.stock_levels s
   where s.location_id = v_order.location_id
     and s.product_id in (select r.product_id from jsonb_to_recordset(v_receiving) as r(product_id bigint))
   order by s.product_id
     for update;

  for line in
    select r.product_id, sum(r.quantity)::integer as quantity, sum(r.quantity * r.unit_cost) as cost
      from jsonb_to_recordset(v_receiving) as r(product_id bigint, quantity integer, unit_cost numeric)
     group by r.product_id order by r.product_id
  loop
    select coalesce(sum(s.quantity), 0)::integer into v_on_hand from public.stock_levels s where s.product_id = line.product_id;
    update public.products p
       set cost_price = round((v_on_hand * p.cost_price + line.cost) / (v_on_hand + line.quantity), 2), updated_at = now()
     where p.id = line.product_id;
  end loop;

  for line in
    select * from jsonb_to_recordset(v_receiving) as r(purchase_item_id bigint, product_id bigint, quantity integer, unit_cost numeric)
     order by r.product_id, r.purchase_item_id
  loop
    perform public.move_stock(
      line.product_id, v_order.location_id, line.quantity, 'purchase', null, p_user_id, 'Purchase', p_id, line.unit_cost
    );
    update public.purchase_items x set received_quantity = x.received_quantity + line.quantity where x.id = line.purchase_item_id;
  end loop;

  update public.purchases p
     set actual_delivery_date = coalesce(p_actual_delivery_date, current_date),
         status = case when not exists (
           select 1 from public.purchase_items x where x.purchase_id = p_id and x.received_quantity < x.quantity
         ) then 'received' else 'ordered' end,
         received_at = case when not exists (
           select 1 from public.purchase_items x where x.purchase_id = p_id and x.received_quantity < x.quantity
         ) then now() end,
         updated_at = now()
   where p.id = p_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.receive_transfer(p_id bigint, p_lines jsonb, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_transfer public.transfers;
  v_from text;
  v_to text;
  v_note text;
  v_given jsonb;
  v_received integer;
  v_shortfall text;
  v_reason text;
  v_total integer := 0;
  v_changes jsonb := '{}'::jsonb;
  line record;
begin
  select * into v_transfer from public.transfers t where t.id = p_id for update;
  if not found then
    raise exception 'Transfer not found' using errcode = 'P0002';
  end if;
  if v_transfer.status = 'received' then
    raise exception 'Transfer % has already been received.', v_transfer.number using errcode = 'P0001';
  end if;
  if v_transfer.status <> 'shipped' then
    raise exception 'Transfer % has not been shipped.', v_transfer.number using errcode = 'P0001';
  end if;
  if exists (
    select 1 from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) g
     where not exists (select 1 from public.transfer_items x where x.transfer_id = p_id and x.id = (g ->> 'id')::bigint)
  ) then
    raise exception 'A line is not on this transfer.' using errcode = 'WH422', hint = 'items';
  end if;
  select l.name into v_from from public.locations l where l.id = v_transfer.from_location_id;
  select l.name into v_to from public.locations l where l.id = v_transfer.to_location_id;
  v_note := v_transfer.number || ': ' || v_from || ' to ' || v_to;

  for line in
    select x.id, x.product_id, x.product_name, x.quantity from public.transfer_items x where x.transfer_id = p_id order by x.product_id
  loop
    select g into v_given from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) g where (g ->> 'id')::bigint = line.id limit 1;
    v_received := coalesce((v_given ->> 'received_quantity')::integer, line.quantity);
    v_shortfall := null;
    v_reason := nullif(btrim(coalesce(v_given ->> 'reason', '')), '');
    if v_received < 0 or v_received > line.quantity then
      raise exception 'The quantity received of % must be between 0 and %.', line.product_name, line.quantity using errcode = 'WH422', hint = 'items';
    end if;
    if v_received < line.quantity then
      v_shortfall := v_given ->> 'shortfall';
      if v_shortfall is null or v_shortfall not in ('send_back', 'write_off') then
        raise exception '% is short by %: choose to send it back or write it off.', line.product_name, line.quantity - v_received
          using errcode = 'WH422', hint = 'items';
      end if;
      if v_shortfall = 'write_off' and v_reason is null then
        raise exception 'Give a reason for writing off % of %.', line.quantity - v_received, line.product_name using errcode = 'WH422', hint = 'items';
      end if;
    else
      v_reason := null;
    end if;

    perform 1 from public.products p where p.id = line.product_id for no key update;
    perform public.move_stock(line.product_id, v_transfer.to_location_id, -line.quantity, 'in_transit',
      v_note || case when v_shortfall = 'write_off' then '; ' || (line.quantity - v_received) || ' written off: ' || v_reason
                     when v_shortfall = 'send_back' then '; ' || (line.quantity - v_received) || ' sent back to ' || v_from
                     else '' end,
      p_user_id, 'Transfer', p_id);
    if v_received > 0 then
      perform public.move_stock(line.product_id, v_transfer.to_location_id, v_received, 'transfer_in', v_note, p_user_id, 'Transfer', p_id);
    end if;
    if v_shortfall = 'send_back' then
      perform public.move_stock(line.product_id, v_transfer.from_location_id, line.quantity - v_received, 'transfer_in',
        v_note || '; sent back, did not arrive', p_user_id, 'Transfer', p_id);
    end if;

    update public.transfer_items x
       set received_quantity = v_received, shortfall = v_shortfall, shortfall_reason = case when v_shortfall is null then null else v_reason end
     where x.id = line.id;
    v_total := v_total + v_received;
    v_changes := v_changes || jsonb_build_object(line.product_name, jsonb_build_object('old', line.quantity,
      'new', case when v_shortfall is null then v_received::text
                  else v_received || ' (' || (line.quantity - v_received) || ' ' ||
                       case when v_shortfall = 'send_back' then 'sent back' else 'written off: ' || v_reason end || ')' end));
  end loop;

  update public.transfers t
     set status = 'received', received_by = p_user_id, received_at = now(), received_quantity = v_total, updated_at = now()
   where t.id = p_id;
  perform public.audit_record('received', 'transfer', p_id, v_transfer.number, v_changes, v_transfer.to_location_id,
    'location', v_transfer.from_location_id, v_from);
end;
$function$;

CREATE OR REPLACE FUNCTION public.refresh_document_totals(p_type text, p_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
begin
  execute format(
    $sql$
    with l as (select coalesce(sum(x.line_total), 0) as subtotal from public.%I x where x.%I = $1),
         r as (select coalesce(sum(case when x.type = 'refund' then -x.amount else x.amount end), 0) as paid
                 from public.receipts x where x.receiptable_type = $2 and x.receiptable_id = $1),
         n as (select l.subtotal, l.subtotal - d.discount_amount + d.tax_amount as net, r.paid,
                      l.subtotal - d.discount_amount + d.tax_amount - d.credited_amount as owed,
                      l.subtotal - d.discount_amount as taxed, d.credited_amount
                 from public.%I d, l, r where d.id = $1)
    update public.%I d
       set subtotal = n.subtotal,
           net_amount = n.net,
           tax_rate = case when n.taxed > 0 then round(d.tax_amount * 100 / n.taxed, 2) else 0 end,
           total_paid = n.paid,
           balance_due = n.owed - n.paid,
           payment_status = case when n.paid <= 0 and not (n.credited_amount > 0 and n.owed <= 0) then 'pending'
                                 when n.paid >= n.owed then 'paid' else 'partial' end,
           updated_at = now()
      from n
     where d.id = $1
    $sql$,
    t.lines_table, t.key_column, t.header_table, t.header_table
  ) using p_id, p_type;
end;
$function$;

CREATE OR REPLACE FUNCTION public.refresh_product_names()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_table_name = 'tire_brands' then
    update public.products p set name = pl.label
      from public.product_labels pl, public.tires t
     where t.tire_brand_id = new.id and p.id = t.product_id and pl.product_id = p.id;
  elsif tg_table_name = 'patterns' then
    update public.products p set name = pl.label
      from public.product_labels pl, public.tires t
     where t.pattern_id = new.id and p.id = t.product_id and pl.product_id = p.id;
  else
    update public.products p set name = pl.label
      from public.product_labels pl
     where p.id = new.product_id and pl.product_id = p.id;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.refuse_closed_day(p_location_id bigint, p_date date)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_name text;
  v_through date;
begin
  if p_location_id is null or p_date is null then
    return;
  end if;
  select l.name into v_name from public.locations l where l.id = p_location_id for share;
  select max(c.business_date) into v_through from public.day_closes c where c.location_id = p_location_id and c.status = 'closed';
  if v_through is not null and p_date <= v_through then
    raise exception 'The day % is closed at %.', to_char(p_date, 'YYYY-MM-DD'), v_name using errcode = 'P0001';
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.reopen_day_close(p_id bigint, p_reason text, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_close public.day_closes;
  v_latest text;
begin
  select * into v_close from public.day_closes c where c.id = p_id;
  if not found then
    raise exception 'Day close not found' using errcode = 'P0002';
  end if;
  perform 1 from public.locations l where l.id = v_close.location_id for no key update;
  select * into v_close from public.day_closes c where c.id = p_id for update;
  if v_close.status = 'reopened' then
    raise exception 'This close has already been reopened.' using errcode = 'P0001';
  end if;
  select c.number into v_latest from public.day_closes c
   where c.location_id = v_close.location_id and c.status = 'closed' and c.business_date > v_close.business_date
   order by c.business_date desc limit 1;
  if v_latest is not null then
    raise exception 'Only the most recent close of the branch can be reopened (%).', v_latest using errcode = 'P0001';
  end if;
  if nullif(btrim(coalesce(p_reason, '')), '') is null then
    raise exception 'Reason is required' using errcode = 'WH422', hint = 'reason';
  end if;
  update public.day_closes c
     set status = 'reopened', reopened_at = now(), reopened_by = p_user_id, reopen_reason = p_reason
   where c.id = p_id;
  perform public.audit_record('reopened', 'day_close', p_id, v_close.number,
    jsonb_build_object('reason', jsonb_build_object('old', null, 'new', p_reason)), v_close.location_id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.reorder_suggestions(p_location_id bigint)
 RETURNS TABLE(product_id bigint, product_type text, product_name text, supplier_id bigint, supplier_name text, cost_price numeric, on_hand integer, on_order integer, in_transit integer, reorder_point integer, order_up_to integer, to_order integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with ordered as (
    select i.product_id, sum(i.quantity - i.received_quantity)::integer as quantity
      from public.purchases d
      cross join lateral (
        select x.product_id, x.quantity, x.received_quantity from public.purchase_items x where x.purchase_id = d.id offset 0) i
     where d.location_id = p_location_id and d.status in ('pending', 'ordered')
     group by i.product_id)
  select p.id, p.kind, p.name, su.id, su.name, p.cost_price,
         s.quantity, coalesce(o.quantity, 0), s.in_transit, s.reorder_point, s.order_up_to,
         s.order_up_to - (s.quantity + coalesce(o.quantity, 0) + s.in_transit)
    from public.stock_levels s
    cross join lateral (
      select x.id, x.kind, x.name, x.cost_price, coalesce(x.preferred_supplier_id, t.supplier_id) as supplier_id
        from public.products x
        left join public.tires t on t.product_id = x.id
       where x.id = s.product_id and x.active and x.kind <> 'service'
      offset 0) p
    left join ordered o on o.product_id = s.product_id
    left join lateral (
      select d.supplier_id
        from public.purchase_items i
        join public.purchases d on d.id = i.purchase_id
       where p.supplier_id is null and i.product_id = p.id and d.status <> 'cancelled'
       order by d.purchase_date desc, d.id desc
       limit 1) last on true
    left join public.suppliers su on su.id = coalesce(p.supplier_id, last.supplier_id)
   where s.location_id = p_location_id and s.quantity <= s.reorder_point
     and s.order_up_to - (s.quantity + coalesce(o.quantity, 0) + s.in_transit) > 0
   order by lower(su.name) nulls last, su.id, lower(p.name), p.id
$function$;

CREATE OR REPLACE FUNCTION public.report_add_party_balance(p_party_type text, p_party_id bigint, p_due_date date, p_documents integer, p_billed numeric, p_paid numeric, p_balance numeric)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.report_party_balances as b (party_type, party_id, txid, documents, billed, paid, balance)
  values (p_party_type, p_party_id, public.report_pending_txid(), p_documents, p_billed, p_paid, p_balance)
  on conflict (party_type, party_id, txid) do update
     set documents = b.documents + excluded.documents, billed = b.billed + excluded.billed, paid = b.paid + excluded.paid,
         balance = b.balance + excluded.balance;
  insert into public.report_balances_due as b (party_type, due_date, txid, documents, balance)
  values (p_party_type, p_due_date, public.report_pending_txid(), p_documents, p_balance)
  on conflict (party_type, due_date, txid) do update
     set documents = b.documents + excluded.documents, balance = b.balance + excluded.balance;
$function$;

CREATE OR REPLACE FUNCTION public.report_add_purchase_day(p_day date, p_location_id bigint, p_supplier_id bigint, p_orders integer, p_ordered numeric, p_received numeric, p_outstanding numeric, p_paid numeric, p_balance numeric, p_payable numeric)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.report_purchases_days as s (day, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  values (p_day, p_location_id, p_supplier_id, public.report_pending_txid(), p_orders, p_ordered, p_received, p_outstanding, p_paid, p_balance, p_payable)
  on conflict (day, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid, balance = s.balance + excluded.balance,
         payable = s.payable + excluded.payable;
  insert into public.report_purchases_months as s (month, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  values (date_trunc('month', p_day::timestamp)::date, p_location_id, p_supplier_id, public.report_pending_txid(), p_orders, p_ordered,
          p_received, p_outstanding, p_paid, p_balance, p_payable)
  on conflict (month, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid, balance = s.balance + excluded.balance,
         payable = s.payable + excluded.payable;
$function$;

CREATE OR REPLACE FUNCTION public.report_add_sales_day(p_day date, p_location_id bigint, p_document_type text, p_documents integer, p_revenue numeric, p_cost numeric, p_tax numeric, p_discount numeric, p_paid numeric, p_outstanding numeric)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.report_sales_days as s (day, location_id, document_type, txid, documents, revenue, cost, tax, discount, paid, outstanding)
  values (p_day, p_location_id, p_document_type, public.report_pending_txid(), p_documents, p_revenue, p_cost, p_tax, p_discount, p_paid, p_outstanding)
  on conflict (day, location_id, document_type, txid) do update
     set documents = s.documents + excluded.documents, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost,
         tax = s.tax + excluded.tax, discount = s.discount + excluded.discount, paid = s.paid + excluded.paid,
         outstanding = s.outstanding + excluded.outstanding;
$function$;

CREATE OR REPLACE FUNCTION public.report_ageing(p_as_of date, p_due_date date, p_balance numeric)
 RETURNS TABLE(not_due numeric, days_1_30 numeric, days_31_60 numeric, days_61_90 numeric, days_over_90 numeric)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case when p_as_of - p_due_date <= 0 then p_balance else 0 end,
         case when p_as_of - p_due_date between 1 and 30 then p_balance else 0 end,
         case when p_as_of - p_due_date between 31 and 60 then p_balance else 0 end,
         case when p_as_of - p_due_date between 61 and 90 then p_balance else 0 end,
         case when p_as_of - p_due_date > 90 then p_balance else 0 end
$function$;

CREATE OR REPLACE FUNCTION public.report_balance_document_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform public.report_keep_balance_moves(
    case tg_table_name when 'invoices' then 'Invoice' when 'sales' then 'Sale' else 'Purchase' end,
    case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_balance_moves_of(p_document_type text, p_id bigint)
 RETURNS TABLE(day date, party_type text, party_id bigint, due_date date, documents integer, billed numeric, paid numeric, balance numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  -- PL/pgSQL keeps the plan of this statement for the session; as an SQL function it was planned
  -- again on every call, seven times the cost of a payment's rewrite.
  return query
  with doc as (
    select 'customer'::text as party_type, i.customer_id as party_id, i.issued_date as date,
           coalesce(i.due_date, i.issued_date) as due_date, i.net_amount as net, true as credit_unbills
      from public.invoices i
     where p_document_type = 'Invoice' and i.id = p_id and i.status = 'sent'
    union all
    select 'customer', s.customer_id, s.sale_date, s.sale_date, s.net_amount, true
      from public.sales s
     where p_document_type = 'Sale' and s.id = p_id and s.status = 'completed'
    union all
    select 'supplier', p.supplier_id, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date), p.net_amount, false
      from public.purchases p
     where p_document_type = 'Purchase' and p.id = p_id and p.status in ('ordered', 'received')),
  events (day, paid, credited) as (
    select d.date, 0::numeric, 0::numeric from doc d
    union all
    select greatest(r.receipt_date, d.date), case when r.type = 'refund' then -r.amount else r.amount end, 0
      from doc d join public.receipts r on r.receiptable_type = p_document_type and r.receiptable_id = p_id
    union all
    select greatest(cn.issued_date, d.date), 0, cn.net_amount
      from doc d join public.credit_notes cn on cn.document_type = p_document_type and cn.document_id = p_id
     where cn.status = 'issued'
    union all
    select greatest(sr.issued_date, d.date), 0, sr.net_amount
      from doc d join public.supplier_returns sr on p_document_type = 'Purchase' and sr.document_id = p_id
     where sr.status = 'issued'),
  stood as (
    select e.day, sum(sum(e.paid)) over (order by e.day) as paid, sum(sum(e.credited)) over (order by e.day) as credited
      from events e
     group by e.day),
  shares as (
    select s.day, d.party_type, d.party_id, d.due_date, o.open::integer as documents,
           case when o.open then d.net - case when d.credit_unbills then s.credited else 0 end else 0 end as billed,
           case when o.open then s.paid else 0 end as paid,
           case when o.open then d.net - s.credited - s.paid else 0 end as balance
      from stood s
      cross join doc d
      cross join lateral (select d.net - s.credited - s.paid <> 0 as open) o),
  moves as (
    select h.day, h.party_type, h.party_id, h.due_date,
           h.documents - lag(h.documents, 1, 0) over w as documents, h.billed - lag(h.billed, 1, 0::numeric) over w as billed,
           h.paid - lag(h.paid, 1, 0::numeric) over w as paid, h.balance - lag(h.balance, 1, 0::numeric) over w as balance
      from shares h
    window w as (order by h.day))
  select m.day, m.party_type, m.party_id, m.due_date, m.documents, m.billed, m.paid, m.balance
    from moves m
   where (m.documents, m.billed, m.paid, m.balance) <> (0, 0, 0, 0);
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_balance_part_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type_key text := case tg_table_name when 'receipts' then 'receiptable_type' when 'credit_notes' then 'document_type' end;
  v_id_key text := case tg_table_name when 'receipts' then 'receiptable_id' else 'document_id' end;
  v_named text[] := '{}';
  v_row jsonb;
  v_type text;
  v_id bigint;
begin
  foreach v_row in array array_remove(array[case when tg_op <> 'INSERT' then to_jsonb(old) end, case when tg_op <> 'DELETE' then to_jsonb(new) end], null) loop
    v_type := coalesce(v_row ->> v_type_key, 'Purchase');
    v_id := (v_row ->> v_id_key)::bigint;
    if v_type in ('Invoice', 'Sale', 'Purchase') and v_id is not null and not (v_type || v_id) = any(v_named) then
      perform public.report_keep_balance_moves(v_type, v_id);
      v_named := v_named || (v_type || v_id);
    end if;
  end loop;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_balances(p_party text, p_as_of date, p_search text, p_limit integer, p_offset integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '16MB'
AS $function$
declare
  v_as_of date := coalesce(p_as_of, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_id_key text := p_party || '_id';
  v_count_key text := p_party || 's';
  v_rows jsonb;
  v_totals jsonb;
  v_total integer;
begin
  if v_search is null and v_as_of >= coalesce(public.report_latest_date(p_party), v_as_of) then
    select count(*)::integer into v_total
      from public.report_party_balances b where b.party_type = p_party and b.txid = 0 and b.documents > 0;
    with page as (
      select b.party_id, b.billed, b.paid, b.balance
        from public.report_party_balances b
       where b.party_type = p_party and b.txid = 0 and b.documents > 0
       order by b.balance desc, b.party_id
       limit p_limit offset p_offset),
    ages as (
      select o.party_id, sum(a.not_due) as not_due, sum(a.days_1_30) as days_1_30, sum(a.days_31_60) as days_31_60,
             sum(a.days_61_90) as days_61_90, sum(a.days_over_90) as days_over_90
        from public.report_open_documents(p_party, v_as_of, (select coalesce(array_agg(page.party_id), '{}') from page)) o
        cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a
       group by o.party_id)
    select coalesce(jsonb_agg(jsonb_build_object(
             v_id_key, pg.party_id, 'name', pt.name, 'phone', pt.phone, 'billed', pg.billed, 'paid', pg.paid, 'balance', pg.balance,
             'current', coalesce(a.not_due, 0), 'days_1_30', coalesce(a.days_1_30, 0), 'days_31_60', coalesce(a.days_31_60, 0),
             'days_61_90', coalesce(a.days_61_90, 0), 'days_over_90', coalesce(a.days_over_90, 0))
             order by pg.balance desc, pg.party_id), '[]'::jsonb)
      into v_rows
      from page pg
      join public.report_parties pt on pt.party_type = p_party and pt.id = pg.party_id
      left join ages a on a.party_id = pg.party_id;
    select jsonb_build_object('billed', coalesce(sum(b.billed), 0), 'paid', coalesce(sum(b.paid), 0), 'balance', coalesce(sum(b.balance), 0))
           || (select jsonb_build_object(
                 'current', coalesce(sum(a.not_due), 0), 'days_1_30', coalesce(sum(a.days_1_30), 0), 'days_31_60', coalesce(sum(a.days_31_60), 0),
                 'days_61_90', coalesce(sum(a.days_61_90), 0), 'days_over_90', coalesce(sum(a.days_over_90), 0))
                 from public.report_balances_due d
                 cross join lateral public.report_ageing(v_as_of, d.due_date, d.balance) a
                where d.party_type = p_party and d.txid = 0)
           || jsonb_build_object(v_count_key, v_total)
      into v_totals
      from public.report_party_balances b
     where b.party_type = p_party and b.txid = 0 and b.documents > 0;
  elsif v_search is null then
    with moved as (
      select m.party_id, sum(m.documents) as documents, sum(m.billed) as billed, sum(m.paid) as paid, sum(m.balance) as balance
        from public.report_balance_moves m
       where m.party_type = p_party and m.day > v_as_of
       group by m.party_id),
    listed as (
      select s.* from (
        select coalesce(b.party_id, m.party_id) as party_id, coalesce(b.documents, 0) - coalesce(m.documents, 0) as documents,
               coalesce(b.billed, 0) - coalesce(m.billed, 0) as billed, coalesce(b.paid, 0) - coalesce(m.paid, 0) as paid,
               coalesce(b.balance, 0) - coalesce(m.balance, 0) as balance
          from (select * from public.report_party_balances b where b.party_type = p_party and b.txid = 0) b
          full join moved m on m.party_id = b.party_id) s
       where s.documents > 0),
    page as (
      select l.* from listed l order by l.balance desc, l.party_id limit p_limit offset p_offset),
    ages as (
      select o.party_id, sum(a.not_due) as not_due, sum(a.days_1_30) as days_1_30, sum(a.days_31_60) as days_31_60,
             sum(a.days_61_90) as days_61_90, sum(a.days_over_90) as days_over_90
        from public.report_open_documents(p_party, v_as_of, (select coalesce(array_agg(page.party_id), '{}') from page)) o
        cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a
       group by o.party_id),
    due as (
      select d.due_date, sum(d.balance) as balance
        from (select b.due_date, b.balance from public.report_balances_due b where b.party_type = p_party and b.txid = 0
              union all
              select m.due_date, -m.balance from public.report_balance_moves m where m.party_type = p_party and m.day > v_as_of) d
       group by d.due_date)
    select (select count(*)::integer from listed),
           (select coalesce(jsonb_agg(jsonb_build_object(
                     v_id_key, pg.party_id, 'name', pt.name, 'phone', pt.phone, 'billed', pg.billed, 'paid', pg.paid, 'balance', pg.balance,
                     'current', coalesce(a.not_due, 0), 'days_1_30', coalesce(a.days_1_30, 0), 'days_31_60', coalesce(a.days_31_60, 0),
                     'days_61_90', coalesce(a.days_61_90, 0), 'days_over_90', coalesce(a.days_over_90, 0))
                     order by pg.balance desc, pg.party_id), '[]'::jsonb)
              from page pg
              join public.report_parties pt on pt.party_type = p_party and pt.id = pg.party_id
              left join ages a on a.party_id = pg.party_id),
           (select jsonb_build_object('billed', coalesce(sum(l.billed), 0), 'paid', coalesce(sum(l.paid), 0), 'balance', coalesce(sum(l.balance), 0))
                   || (select jsonb_build_object(
                         'current', coalesce(sum(a.not_due), 0), 'days_1_30', coalesce(sum(a.days_1_30), 0),
                         'days_31_60', coalesce(sum(a.days_31_60), 0), 'days_61_90', coalesce(sum(a.days_61_90), 0),
                         'days_over_90', coalesce(sum(a.days_over_90), 0))
                         from due d cross join lateral public.report_ageing(v_as_of, d.due_date, d.balance) a)
                   || jsonb_build_object(v_count_key, count(*))
              from listed l)
      into v_total, v_rows, v_totals;
  else
    with parties as (
      select pt.id, pt.name, pt.phone
        from public.report_parties pt
       where pt.party_type = p_party
         and (v_search is null or strpos(lower(pt.name), v_search) > 0 or strpos(lower(pt.phone), v_search) > 0)),
    owed as (
      select o.party_id, sum(o.net_amount) as billed, sum(o.paid) as paid, sum(o.balance) as balance, sum(a.not_due) as not_due,
             sum(a.days_1_30) as days_1_30, sum(a.days_31_60) as days_31_60, sum(a.days_61_90) as days_61_90,
             sum(a.days_over_90) as days_over_90
        from public.report_open_documents(p_party, v_as_of, (select coalesce(array_agg(parties.id), '{}') from parties)) o
        cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a
       group by o.party_id),
    listed as (
      select pt.id, pt.name, pt.phone, w.* from owed w join parties pt on pt.id = w.party_id)
    select (select count(*)::integer from listed),
           (select coalesce(jsonb_agg(jsonb_build_object(
                     v_id_key, l.id, 'name', l.name, 'phone', l.phone, 'billed', l.billed, 'paid', l.paid, 'balance', l.balance,
                     'current', l.not_due, 'days_1_30', l.days_1_30, 'days_31_60', l.days_31_60, 'days_61_90', l.days_61_90,
                     'days_over_90', l.days_over_90) order by l.balance desc, l.id), '[]'::jsonb)
              from (select * from listed order by balance desc, id limit p_limit offset p_offset) l),
           (select jsonb_build_object(
                     'billed', coalesce(sum(l.billed), 0), 'paid', coalesce(sum(l.paid), 0), 'balance', coalesce(sum(l.balance), 0),
                     'current', coalesce(sum(l.not_due), 0), 'days_1_30', coalesce(sum(l.days_1_30), 0),
                     'days_31_60', coalesce(sum(l.days_31_60), 0), 'days_61_90', coalesce(sum(l.days_61_90), 0),
                     'days_over_90', coalesce(sum(l.days_over_90), 0), v_count_key, count(*))
              from listed l)
      into v_total, v_rows, v_totals;
  end if;
  return jsonb_build_object('as_of', v_as_of, 'data', v_rows, 'totals', v_totals, 'total', v_total);
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_check_dates(p_date_from date, p_date_to date)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_date_from > p_date_to then
    raise exception 'To date must be on or after From date' using errcode = 'WH422', hint = 'dateTo';
  end if;
  if p_date_from < (p_date_to - interval '3 years')::date then
    raise exception 'The date range can be at most 3 years' using errcode = 'WH422', hint = 'dateFrom';
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_dashboard(p_location_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_today date := current_date;
  v_month date := date_trunc('month', current_date::timestamp)::date;
  v_last_month date := (date_trunc('month', current_date::timestamp) - interval '1 month')::date;
  v_next_month date := (date_trunc('month', current_date::timestamp) + interval '1 month')::date;
  v_this numeric;
  v_last numeric;
  v_receivable numeric;
  v_payable numeric;
  v_stock record;
  v_monthly jsonb;
  v_activity jsonb;
  v_transit record;
begin
  select coalesce(sum(s.revenue) filter (where s.day >= v_month and s.day < v_next_month), 0),
         coalesce(sum(s.revenue) filter (where s.day >= v_last_month and s.day < v_month), 0),
         coalesce(sum(s.outstanding), 0)
    into v_this, v_last, v_receivable
    from public.report_sales_days s
   where p_location_id is null or s.location_id = p_location_id;

  select coalesce(sum(m.payable), 0) into v_payable
    from public.report_purchases_months m where p_location_id is null or m.location_id = p_location_id;

  select (select coalesce(sum(t.products), 0)::integer from public.report_product_totals t) as products,
         sum(k.units)::bigint as units, sum(k.cost_value) as cost_value, sum(k.retail_value) as retail_value,
         sum(k.in_stock)::integer as in_stock, sum(k.low)::integer as low, sum(k.out_of_stock)::integer as out_of_stock
    into v_stock
    from public.report_stock_kinds(p_location_id) k;

  select coalesce(sum(t.cost_value), 0) as cost_value, coalesce(sum(t.retail_value), 0) as retail_value
    into v_transit
    from public.report_in_transit(p_location_id) t;

  select jsonb_agg(jsonb_build_object('period', p.period, 'revenue', coalesce(x.revenue, 0), 'count', coalesce(x.documents, 0)) order by p.period)
    into v_monthly
    from public.report_periods((v_month - interval '11 months')::date, v_month, 'month') p
    left join (select date_trunc('month', s.day::timestamp)::date as period, sum(s.revenue) as revenue, sum(s.documents) as documents
                 from public.report_sales_days s
                where s.day >= (v_month - interval '11 months')::date and s.day < v_next_month
                  and (p_location_id is null or s.location_id = p_location_id)
                group by 1) x on x.period = p.period;

  select coalesce(jsonb_agg(jsonb_build_object(
           'type', a.type, 'id', a.id, 'number', a.number, 'date', a.date, 'party', a.party, 'amount', a.amount, 'status', a.status,
           'created_at', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by a.created_at desc, a.date desc, a.type, a.id desc), '[]'::jsonb)
    into v_activity
    from (select * from (
            (select 'Invoice' as type, i.id, i.number, i.issued_date as date, c.name as party, i.net_amount as amount,
                    public.invoice_shown_status(i.status, i.payment_status, i.due_date) as status, i.created_at
               from public.invoices i join public.customers c on c.id = i.customer_id
              where p_location_id is null or i.location_id = p_location_id
              order by i.created_at desc, i.issued_date desc, i.id desc limit 10)
            union all
            (select 'Sale', s.id, s.number, s.sale_date, c.name, s.net_amount, s.status, s.created_at
               from public.sales s join public.customers c on c.id = s.customer_id
              where p_location_id is null or s.location_id = p_location_id
              order by s.created_at desc, s.sale_date desc, s.id desc limit 10)
            union all
            (select 'Purchase', p.id, p.number, p.purchase_date, su.name, p.net_amount, p.status, p.created_at
               from public.purchases p join public.suppliers su on su.id = p.supplier_id
              where p_location_id is null or p.location_id = p_location_id
              order by p.created_at desc, p.purchase_date desc, p.id desc limit 10)
            union all
            (select 'Receipt', r.id, r.number, r.receipt_date, coalesce(c.name, su.name), r.amount, r.type, r.created_at
               from public.receipts r
               left join public.customers c on c.id = r.customer_id
               left join public.suppliers su on su.id = r.supplier_id
              where p_location_id is null or r.location_id = p_location_id
              order by r.created_at desc, r.receipt_date desc, r.id desc limit 10)) x
           order by x.created_at desc, x.date desc, x.type, x.id desc
           limit 10) a;

  return jsonb_build_object(
    'revenue', jsonb_build_object('this_month', v_this, 'last_month', v_last,
                                  'change_percent', case when v_last = 0 then null else round((v_this - v_last) * 100 / v_last, 1) end),
    'receivable', v_receivable,
    'payable', v_payable,
    'customers', (select count(*)::integer from public.customers),
    'products', v_stock.products,
    'stock_units', v_stock.units,
    'stock_value', jsonb_build_object('cost', v_stock.cost_value + v_transit.cost_value, 'retail', v_stock.retail_value + v_transit.retail_value),
    'monthly_sales', v_monthly,
    'recent_activity', v_activity,
    'inventory_status', jsonb_build_object('in_stock', v_stock.in_stock, 'low', v_stock.low, 'out', v_stock.out_of_stock),
    'top_products', public.report_top_products_json('sale', v_today - 29, v_today, p_location_id, 'revenue', 5),
    'low_stock_count', v_stock.low + v_stock.out_of_stock,
    'location_id', p_location_id
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_fold()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint := txid_current();
begin
  -- An earlier change's turn: a later one folds.
  delete from public.report_pending p where p.txid = v_txid and p.changes = new.changes;
  if not found then
    return null;
  end if;
  -- The bell's bucket first, as every transaction that changes the documents' counts takes it.
  if exists (select 1 from public.product_totals t where t.txid = v_txid and t.txid <> 0) then
    perform 1 from public.product_totals t where t.bucket = (v_txid % 16)::smallint and t.txid = 0 order by t.kind for update;
  end if;

  with moved as (delete from public.report_sales_days s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_sales_days as s (day, location_id, document_type, txid, documents, revenue, cost, tax, discount, paid, outstanding)
  select day, location_id, document_type, 0, documents, revenue, cost, tax, discount, paid, outstanding from moved
   where (documents, revenue, cost, tax, discount, paid, outstanding) <> (0, 0, 0, 0, 0, 0, 0)
   order by day, location_id, document_type
  on conflict (day, location_id, document_type, txid) do update
     set documents = s.documents + excluded.documents, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost,
         tax = s.tax + excluded.tax, discount = s.discount + excluded.discount, paid = s.paid + excluded.paid,
         outstanding = s.outstanding + excluded.outstanding;

  with moved as (delete from public.report_sales_types s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_sales_types as s (day, location_id, product_type, txid, lines, quantity, revenue, cost)
  select day, location_id, product_type, 0, lines, quantity, revenue, cost from moved
   where (lines, quantity, revenue, cost) <> (0, 0, 0, 0)
   order by day, location_id, product_type
  on conflict (day, location_id, product_type, txid) do update
     set lines = s.lines + excluded.lines, quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue,
         cost = s.cost + excluded.cost;

  with moved as (delete from public.report_sales_methods s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_sales_methods as s (day, location_id, payment_method, txid, amount, receipts)
  select day, location_id, payment_method, 0, amount, receipts from moved
   where (amount, receipts) <> (0, 0)
   order by day, location_id, payment_method
  on conflict (day, location_id, payment_method, txid) do update
     set amount = s.amount + excluded.amount, receipts = s.receipts + excluded.receipts;

  with moved as (delete from public.report_purchases_days s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchases_days as s (day, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  select day, location_id, supplier_id, 0, orders, ordered, received, outstanding, paid, balance, payable from moved
   where (orders, ordered, received, outstanding, paid, balance, payable) <> (0, 0, 0, 0, 0, 0, 0)
   order by day, location_id, supplier_id
  on conflict (day, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance, payable = s.payable + excluded.payable;

  with moved as (delete from public.report_purchases_months s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchases_months as s (month, location_id, supplier_id, txid, orders, ordered, received, outstanding, paid, balance, payable)
  select month, location_id, supplier_id, 0, orders, ordered, received, outstanding, paid, balance, payable from moved
   where (orders, ordered, received, outstanding, paid, balance, payable) <> (0, 0, 0, 0, 0, 0, 0)
   order by month, location_id, supplier_id
  on conflict (month, location_id, supplier_id, txid) do update
     set orders = s.orders + excluded.orders, ordered = s.ordered + excluded.ordered, received = s.received + excluded.received,
         outstanding = s.outstanding + excluded.outstanding, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance, payable = s.payable + excluded.payable;

  with moved as (delete from public.report_purchase_products s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchase_products as s (day, location_id, product_id, txid, quantity, amount)
  select day, location_id, product_id, 0, quantity, amount from moved
   where (quantity, amount) <> (0, 0)
   order by day, location_id, product_id
  on conflict (day, location_id, product_id, txid) do update
     set quantity = s.quantity + excluded.quantity, amount = s.amount + excluded.amount;

  with moved as (delete from public.report_purchase_product_bounds s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_purchase_product_bounds as s (location_id, product_id, txid, amount)
  select location_id, product_id, 0, amount from moved
   where amount <> 0
   order by location_id, product_id
  on conflict (location_id, product_id, txid) do update
     set amount = s.amount + excluded.amount;

  with moved as (delete from public.report_party_balances s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_party_balances as s (party_type, party_id, txid, documents, billed, paid, balance)
  select party_type, party_id, 0, documents, billed, paid, balance from moved
   where (documents, billed, paid, balance) <> (0, 0, 0, 0)
   order by party_type, party_id
  on conflict (party_type, party_id, txid) do update
     set documents = s.documents + excluded.documents, billed = s.billed + excluded.billed, paid = s.paid + excluded.paid,
         balance = s.balance + excluded.balance;

  with moved as (delete from public.report_balances_due s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_balances_due as s (party_type, due_date, txid, documents, balance)
  select party_type, due_date, 0, documents, balance from moved
   where (documents, balance) <> (0, 0)
   order by party_type, due_date
  on conflict (party_type, due_date, txid) do update
     set documents = s.documents + excluded.documents, balance = s.balance + excluded.balance;

  with moved as (delete from public.report_stock_totals s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_stock_totals as s (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
  select location_id, kind, bucket, 0, units, stocked, cost_value, retail_value, in_stock, low, out from moved
   where (units, stocked, cost_value, retail_value, in_stock, low, out) <> (0, 0, 0, 0, 0, 0, 0)
   order by location_id, kind, bucket
  on conflict (location_id, kind, bucket, txid) do update
     set units = s.units + excluded.units, stocked = s.stocked + excluded.stocked,
         cost_value = s.cost_value + excluded.cost_value, retail_value = s.retail_value + excluded.retail_value,
         in_stock = s.in_stock + excluded.in_stock, low = s.low + excluded.low, out = s.out + excluded.out;

  with moved as (delete from public.report_product_totals s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.report_product_totals as s (kind, bucket, txid, products, units, stocked, cost_value, retail_value, in_stock, low, out)
  select kind, bucket, 0, products, units, stocked, cost_value, retail_value, in_stock, low, out from moved
   where (products, units, stocked, cost_value, retail_value, in_stock, low, out) <> (0, 0, 0, 0, 0, 0, 0, 0)
   order by kind, bucket
  on conflict (kind, bucket, txid) do update
     set products = s.products + excluded.products, units = s.units + excluded.units, stocked = s.stocked + excluded.stocked,
         cost_value = s.cost_value + excluded.cost_value, retail_value = s.retail_value + excluded.retail_value,
         in_stock = s.in_stock + excluded.in_stock, low = s.low + excluded.low, out = s.out + excluded.out;

  with moved as (delete from public.product_totals s where s.txid = v_txid and s.txid <> 0 returning s.*)
  insert into public.product_totals as s (bucket, kind, txid, products, stock_value, low_stock, out_of_stock, alerts)
  select bucket, kind, 0, products, stock_value, low_stock, out_of_stock, alerts from moved
   where (products, stock_value, low_stock, out_of_stock, alerts) <> (0, 0, 0, 0, 0)
   order by bucket, kind
  on conflict (bucket, kind, txid) do update
     set products = s.products + excluded.products, stock_value = s.stock_value + excluded.stock_value,
         low_stock = s.low_stock + excluded.low_stock, out_of_stock = s.out_of_stock + excluded.out_of_stock,
         alerts = s.alerts + excluded.alerts;

  -- A product's profit bounds move by what the positive part of each of its day rows moved by, so
  -- they come from the day rows as folded (one statement: the day rows, then the all-time bounds,
  -- then the months, the same order in every transaction).
  with moved as (delete from public.report_sales_products s where s.txid = v_txid and s.txid <> 0 returning s.*),
       applied as (
         insert into public.report_sales_products as s (day, location_id, product_id, txid, quantity, revenue, cost)
         select m.day, m.location_id, m.product_id, 0, m.quantity, m.revenue, m.cost
           from moved m
          where (m.quantity, m.revenue, m.cost) <> (0, 0, 0)
          order by m.day, m.location_id, m.product_id
         on conflict (day, location_id, product_id, txid) do update
            set quantity = s.quantity + excluded.quantity, revenue = s.revenue + excluded.revenue, cost = s.cost + excluded.cost
         returning s.day, s.location_id, s.product_id, s.revenue, s.cost),
       changes as (
         select x.month, x.location_id, x.product_id, x.quantity, x.revenue, x.cost, x.profit_bound
           from (select date_trunc('month', a.day::timestamp)::date as month, a.location_id, a.product_id, m.quantity, m.revenue, m.cost,
                        greatest(a.revenue - a.cost, 0) - greatest((a.revenue - m.revenue) - (a.cost - m.cost), 0) as profit_bound
                   from applied a
                   join moved m on m.day = a.day and m.location_id = a.location_id and m.product_id = a.product_id) c
          cross join lateral (values (c.month, c.location_id, c.product_id, c.quantity, c.revenue, c.cost, c.profit_bound),
                                     (c.month, 0::bigint, c.product_id, c.quantity, c.revenue, c.cost, c.profit_bound))
                             x(month, location_id, product_id, quantity, revenue, cost, profit_bound)),
       months as (
         insert into public.report_sales_product_months as b (month, location_id, product_id, txid, quantity, revenue, cost, profit_bound)
         select c.month, c.location_id, c.product_id, 0, sum(c.quantity), sum(c.revenue), sum(c.cost), sum(c.profit_bound)
           from changes c
          group by c.month, c.location_id, c.product_id
         having sum(c.quantity) <> 0 or sum(c.revenue) <> 0 or sum(c.cost) <> 0 or sum(c.profit_bound) <> 0
          order by c.month, c.location_id, c.product_id
         on conflict (month, location_id, product_id, txid) do update
            set quantity = b.quantity + excluded.quantity, revenue = b.revenue + excluded.revenue, cost = b.cost + excluded.cost,
                profit_bound = b.profit_bound + excluded.profit_bound)
  insert into public.report_sales_product_bounds as b (location_id, product_id, txid, revenue, profit_bound)
  select c.location_id, c.product_id, 0, sum(c.revenue), sum(c.profit_bound)
    from changes c
   group by c.location_id, c.product_id
  having sum(c.revenue) <> 0 or sum(c.profit_bound) <> 0
   order by c.location_id, c.product_id
  on conflict (location_id, product_id, txid) do update
     set revenue = b.revenue + excluded.revenue, profit_bound = b.profit_bound + excluded.profit_bound;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_group(p_date_from date, p_date_to date, p_group text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select coalesce(p_group, case when p_date_to - p_date_from + 1 <= 62 then 'day' else 'month' end) $function$;

CREATE OR REPLACE FUNCTION public.report_in_transit(p_location_id bigint)
 RETURNS TABLE(location_id bigint, kind text, units bigint, cost_value numeric, retail_value numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select s.location_id, p.kind, sum(s.in_transit)::bigint, sum(s.in_transit * p.cost_price), sum(s.in_transit * p.selling_price)
    from public.stock_levels s
    join public.products p on p.id = s.product_id
   where s.in_transit > 0 and (p_location_id is null or s.location_id = p_location_id)
   group by s.location_id, p.kind
$function$;

CREATE OR REPLACE FUNCTION public.report_inventory_summary(p_location_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_summary jsonb;
  v_supplies jsonb;
  v_totals jsonb;
  v_supplies_total jsonb;
  v_grand_total jsonb;
  v_low jsonb;
  v_low_total integer;
begin
  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3), ('item', null, 4)),
       stock as (
         select t.location_id, t.kind, sum(t.units) as units, sum(t.stocked) as stocked, sum(t.cost_value) as cost_value,
                sum(t.retail_value) as retail_value
           from public.report_stock_totals t
          where p_location_id is null or t.location_id = p_location_id
          group by t.location_id, t.kind),
       transit as (select * from public.report_in_transit(p_location_id)),
       rows as (
         select ty.kind, ty.ord, l.id, l.name,
                jsonb_build_object('location', jsonb_build_object('id', l.id, 'name', l.name),
                  'total_quantity', coalesce(s.units, 0), 'unique_products', coalesce(s.stocked, 0),
                  'cost_value', coalesce(s.cost_value, 0), 'retail_value', coalesce(s.retail_value, 0),
                  'in_transit_quantity', coalesce(tr.units, 0), 'in_transit_value', coalesce(tr.cost_value, 0),
                  'in_transit_retail_value', coalesce(tr.retail_value, 0))
                || case when ty.label is null then '{}'::jsonb else jsonb_build_object('product_type', ty.label) end as row
           from public.locations l
          cross join types ty
           left join stock s on s.location_id = l.id and s.kind = ty.kind
           left join transit tr on tr.location_id = l.id and tr.kind = ty.kind
          where p_location_id is null or l.id = p_location_id)
  select coalesce(jsonb_agg(r.row order by lower(r.name), r.id, r.ord) filter (where r.kind <> 'item'), '[]'::jsonb),
         coalesce(jsonb_agg(r.row order by lower(r.name), r.id) filter (where r.kind = 'item'), '[]'::jsonb)
    into v_summary, v_supplies
    from rows r;

  with types(kind, label, ord) as (values ('tire', 'Tires', 1), ('battery', 'Batteries', 2), ('wiper', 'Wipers', 3)),
       stock as (
         select k.*, coalesce(tr.units, 0) as transit_units, coalesce(tr.cost_value, 0) as transit_cost,
                coalesce(tr.retail_value, 0) as transit_retail
           from public.report_stock_kinds(p_location_id) k
           left join (select t.kind, sum(t.units) as units, sum(t.cost_value) as cost_value, sum(t.retail_value) as retail_value
                        from public.report_in_transit(p_location_id) t group by t.kind) tr on tr.kind = k.kind)
  select jsonb_agg(jsonb_build_object(
           'product_type', ty.label, 'total_quantity', s.units, 'unique_products', s.stocked,
           'cost_value', s.cost_value, 'retail_value', s.retail_value, 'in_transit_quantity', s.transit_units,
           'in_transit_value', s.transit_cost, 'in_transit_retail_value', s.transit_retail) order by ty.ord) filter (where ty.kind is not null),
         (select jsonb_build_object('total_quantity', i.units, 'unique_products', i.stocked, 'cost_value', i.cost_value, 'retail_value', i.retail_value,
                   'in_transit_quantity', i.transit_units, 'in_transit_value', i.transit_cost, 'in_transit_retail_value', i.transit_retail)
            from stock i where i.kind = 'item'),
         jsonb_build_object('total_quantity', sum(s.units), 'unique_products', sum(s.stocked),
           'cost_value', sum(s.cost_value), 'retail_value', sum(s.retail_value), 'in_transit_quantity', sum(s.transit_units),
           'in_transit_value', sum(s.transit_cost), 'in_transit_retail_value', sum(s.transit_retail)),
         sum(s.low + s.out_of_stock)::integer
    into v_totals, v_supplies_total, v_grand_total, v_low_total
    from stock s left join types ty on ty.kind = s.kind;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', x.product_id, 'quantity', x.quantity, 'threshold', x.threshold,
           'location', jsonb_build_object('id', l.id, 'name', l.name),
           'inventoryable', jsonb_build_object(
             'id', x.product_id, 'name', x.name, 'battery_name', case when x.kind = 'battery' then x.name end,
             'size', case x.kind when 'tire' then t.size when 'wiper' then w.size || '"' end, 'type', x.kind))
           order by x.quantity, x.product_id, x.location_id), '[]'::jsonb)
    into v_low
    from (select s.product_id, s.location_id, s.quantity, p.name, p.kind, coalesce(s.reorder_point, p.low_stock_at) as threshold
            from public.stock_levels s
            join public.products p on p.id = s.product_id
           where p.active and p.kind <> 'service' and public.is_low_stock(s.quantity, coalesce(s.reorder_point, p.low_stock_at))
             and (p_location_id is null or s.location_id = p_location_id)
           order by s.quantity, s.product_id, s.location_id
           limit 100) x
    join public.locations l on l.id = x.location_id
    left join public.tires t on t.product_id = x.product_id
    left join public.wipers w on w.product_id = x.product_id;

  return jsonb_build_object('summary', v_summary, 'totals', v_totals, 'supplies', v_supplies, 'supplies_total', v_supplies_total,
                            'grand_total', v_grand_total, 'low_stock_items', v_low, 'low_stock_total', v_low_total);
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_keep_balance_moves(p_document_type text, p_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  delete from public.report_balance_moves m where m.document_type = p_document_type and m.document_id = p_id;
  insert into public.report_balance_moves (document_type, document_id, day, party_type, party_id, due_date, documents, billed, paid, balance)
  select p_document_type, p_id, m.day, m.party_type, m.party_id, m.due_date, m.documents, m.billed, m.paid, m.balance
    from public.report_balance_moves_of(p_document_type, p_id) m;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_keep_tire_lines(p_document_type text, p_document_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  delete from public.report_tire_lines t where t.document_type = p_document_type and t.document_id = p_document_id;
  if p_document_type = 'Invoice' then
    insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
    select 'Invoice', x.id, i.id, i.issued_date, x.dot, x.product_id
      from public.invoices i join public.invoice_items x on x.invoice_id = i.id
     where i.id = p_document_id and i.status = 'sent' and x.product_type = 'tire'
     order by x.id;
  else
    insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
    select 'Sale', x.id, s.id, s.sale_date, x.dot, x.product_id
      from public.sales s join public.sale_items x on x.sale_id = s.id
     where s.id = p_document_id and s.status = 'completed' and x.product_type = 'tire'
     order by x.id;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_latest_date(p_party text)
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case p_party
    when 'customer' then greatest(
      (select max(i.issued_date) from public.invoices i where i.status = 'sent'),
      (select max(s.sale_date) from public.sales s where s.status = 'completed'),
      (select max(r.receipt_date) from public.receipts r where r.receiptable_type in ('Invoice', 'Sale')),
      (select max(cn.issued_date) from public.credit_notes cn where cn.status = 'issued'))
    else greatest(
      (select max(p.purchase_date) from public.purchases p where p.status in ('ordered', 'received')),
      (select max(r.receipt_date) from public.receipts r where r.receiptable_type = 'Purchase'),
      (select max(sr.issued_date) from public.supplier_returns sr where sr.status = 'issued'))
  end
$function$;

CREATE OR REPLACE FUNCTION public.report_line_revenue(p_line_total numeric, p_subtotal numeric, p_discount numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select round(p_line_total - case when p_subtotal <> 0 then p_discount * p_line_total / p_subtotal else 0 end, 2) $function$;

CREATE OR REPLACE FUNCTION public.report_margin(p_revenue numeric, p_cost numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case when p_revenue = 0 then null else round((p_revenue - p_cost) * 100 / p_revenue, 1) end $function$;

CREATE OR REPLACE FUNCTION public.report_open_documents(p_party text, p_as_of date, p_party_ids bigint[])
 RETURNS TABLE(document_type text, id bigint, party_id bigint, number text, date date, due_date date, net_amount numeric, paid numeric, balance numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_as_of >= coalesce(public.report_latest_date(p_party), p_as_of) then
    if p_party = 'customer' then
      return query
      select 'Invoice'::text, i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount - i.credited_amount, i.total_paid, i.balance_due
        from public.invoices i
       where i.status = 'sent' and i.balance_due <> 0 and (p_party_ids is null or i.customer_id = any(p_party_ids))
      union all
      select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
        from public.sales s
       where s.status = 'completed' and s.balance_due <> 0 and (p_party_ids is null or s.customer_id = any(p_party_ids));
    else
      return query
      select 'Purchase'::text, p.id, p.supplier_id, p.number, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date),
             p.net_amount, p.total_paid, p.balance_due
        from public.purchases p
       where p.status in ('ordered', 'received') and p.balance_due <> 0 and (p_party_ids is null or p.supplier_id = any(p_party_ids));
    end if;
    return;
  end if;
  if p_party = 'customer' then
    return query
    with since as (
           select x.document_type, x.id, sum(x.paid) as paid, sum(x.credited) as credited
             from (select r.receiptable_type as document_type, r.receiptable_id as id,
                          case when r.type = 'refund' then -r.amount else r.amount end as paid, 0::numeric as credited
                     from public.receipts r
                    where r.receipt_date > p_as_of and r.receiptable_type in ('Invoice', 'Sale')
                      and (p_party_ids is null or r.customer_id = any(p_party_ids))
                   union all
                   select cn.document_type, cn.document_id, 0, cn.net_amount
                     from public.credit_notes cn
                    where cn.issued_date > p_as_of and cn.status = 'issued'
                      and (p_party_ids is null or cn.customer_id = any(p_party_ids))) x
            group by 1, 2),
         documents as (
           select 'Invoice'::text as document_type, i.id, i.customer_id as party_id, i.number, i.issued_date as date,
                  coalesce(i.due_date, i.issued_date) as due_date, i.net_amount - i.credited_amount as net_amount, i.total_paid, i.balance_due
             from public.invoices i
            where i.status = 'sent' and i.balance_due <> 0 and i.issued_date <= p_as_of and (p_party_ids is null or i.customer_id = any(p_party_ids))
           union all
           select 'Invoice', i.id, i.customer_id, i.number, i.issued_date, coalesce(i.due_date, i.issued_date), i.net_amount - i.credited_amount, i.total_paid, i.balance_due
             from since l join public.invoices i on i.id = l.id
            where l.document_type = 'Invoice' and i.status = 'sent' and i.balance_due = 0 and i.issued_date <= p_as_of
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
             from public.sales s
            where s.status = 'completed' and s.balance_due <> 0 and s.sale_date <= p_as_of and (p_party_ids is null or s.customer_id = any(p_party_ids))
           union all
           select 'Sale', s.id, s.customer_id, s.number, s.sale_date, s.sale_date, s.net_amount - s.credited_amount, s.total_paid, s.balance_due
             from since l join public.sales s on s.id = l.id
            where l.document_type = 'Sale' and s.status = 'completed' and s.balance_due = 0 and s.sale_date <= p_as_of)
    select d.document_type, d.id, d.party_id, d.number, d.date, d.due_date, d.net_amount + coalesce(l.credited, 0),
           d.total_paid - coalesce(l.paid, 0), d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0)
      from documents d
      left join since l on l.document_type = d.document_type and l.id = d.id
     where d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0) <> 0;
  else
    return query
    with since as (
           select x.id, sum(x.paid) as paid, sum(x.credited) as credited
             from (select r.receiptable_id as id, case when r.type = 'refund' then -r.amount else r.amount end as paid, 0::numeric as credited
                     from public.receipts r
                    where r.receipt_date > p_as_of and r.receiptable_type = 'Purchase'
                      and (p_party_ids is null or r.supplier_id = any(p_party_ids))
                   union all
                   select sr.document_id, 0, sr.net_amount
                     from public.supplier_returns sr
                    where sr.issued_date > p_as_of and sr.status = 'issued'
                      and (p_party_ids is null or sr.supplier_id = any(p_party_ids))) x
            group by 1),
         documents as (
           select p.id, p.supplier_id as party_id, p.number, p.purchase_date as date, coalesce(p.expected_delivery_date, p.purchase_date) as due_date,
                  p.net_amount, p.total_paid, p.balance_due
             from public.purchases p
            where p.status in ('ordered', 'received') and p.balance_due <> 0 and p.purchase_date <= p_as_of
              and (p_party_ids is null or p.supplier_id = any(p_party_ids))
           union all
           select p.id, p.supplier_id, p.number, p.purchase_date, coalesce(p.expected_delivery_date, p.purchase_date), p.net_amount, p.total_paid, p.balance_due
             from since l join public.purchases p on p.id = l.id
            where p.status in ('ordered', 'received') and p.balance_due = 0 and p.purchase_date <= p_as_of)
    select 'Purchase'::text, d.id, d.party_id, d.number, d.date, d.due_date, d.net_amount,
           d.total_paid - coalesce(l.paid, 0), d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0)
      from documents d
      left join since l on l.id = d.id
     where d.balance_due + coalesce(l.paid, 0) + coalesce(l.credited, 0) <> 0;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_pending_txid()
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint := txid_current();
begin
  insert into public.report_pending as p (txid) values (v_txid)
  on conflict (txid) do update set changes = p.changes + 1;
  return v_txid;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_periods(p_date_from date, p_date_to date, p_group text)
 RETURNS TABLE(period date)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select g::date
    from generate_series(date_trunc(p_group, p_date_from::timestamp), date_trunc(p_group, p_date_to::timestamp), ('1 ' || p_group)::interval) g
$function$;

CREATE OR REPLACE FUNCTION public.report_product_leaves()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform public.report_stage_stocks(array(
    select row(-1, l.location_id, l.quantity, old.kind, old.active, old.cost_price, old.selling_price,
               coalesce(l.reorder_point, old.low_stock_at))::public.stock_change
      from public.stock_levels l where l.product_id = old.id order by l.location_id));
  return old;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_purchase_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_old_counted boolean := tg_op in ('UPDATE', 'DELETE');
  v_new_counted boolean := tg_op in ('UPDATE', 'INSERT');
  v_header boolean := true;
  v_lines boolean := true;
begin
  if v_old_counted then
    v_old_counted := old.status <> 'cancelled';
  end if;
  if v_new_counted then
    v_new_counted := new.status <> 'cancelled';
  end if;
  if tg_op = 'UPDATE' then
    if not v_old_counted and not v_new_counted then
      return null;
    end if;
    v_lines := (v_old_counted, old.purchase_date, old.location_id, old.supplier_id)
      is distinct from (v_new_counted, new.purchase_date, new.location_id, new.supplier_id);
    v_header := v_lines or (old.status, old.expected_delivery_date, old.net_amount, old.credited_amount, old.total_paid, old.balance_due)
      is distinct from (new.status, new.expected_delivery_date, new.net_amount, new.credited_amount, new.total_paid, new.balance_due);
    if not v_header then
      return null;
    end if;
  end if;
  if v_old_counted then
    perform public.report_stage_purchase(-1, old, v_header, v_lines);
  end if;
  if v_new_counted then
    perform public.report_stage_purchase(1, new, v_header, v_lines);
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_purchase_line_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  p public.purchases;
begin
  if tg_op = 'UPDATE' and (old.purchase_id, old.product_id, old.quantity, old.received_quantity, old.unit_price, old.discount_percent, old.line_total)
       is not distinct from (new.purchase_id, new.product_id, new.quantity, new.received_quantity, new.unit_price, new.discount_percent, new.line_total) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select * into p from public.purchases h where h.id = old.purchase_id and h.status <> 'cancelled';
    if found then
      perform public.report_stage_purchase_line(
        -1, p.purchase_date, p.location_id, p.supplier_id, old.product_id, old.quantity, old.received_quantity, old.unit_price,
        old.discount_percent, old.line_total
      );
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select * into p from public.purchases h where h.id = new.purchase_id and h.status <> 'cancelled';
    if found then
      perform public.report_stage_purchase_line(
        1, p.purchase_date, p.location_id, p.supplier_id, new.product_id, new.quantity, new.received_quantity, new.unit_price,
        new.discount_percent, new.line_total
      );
    end if;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_purchase_value(p_unit_price numeric, p_quantity integer, p_discount_percent numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select round(p_unit_price * p_quantity * (1 - p_discount_percent / 100), 2) $function$;

CREATE OR REPLACE FUNCTION public.report_purchases(p_date_from date, p_date_to date, p_group text, p_location_id bigint, p_supplier_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, date_trunc('month', coalesce(p_date_to, current_date)::timestamp)::date);
  v_group text;
  v_first_month date;
  v_last_month date;
  v_totals jsonb;
  v_series jsonb;
  v_suppliers jsonb;
  v_top jsonb;
  v_overdue jsonb;
begin
  perform public.report_check_dates(v_from, v_to);
  v_group := public.report_group(v_from, v_to, p_group);
  -- The whole months inside the range: [v_first_month, v_last_month).
  v_first_month := date_trunc('month', (v_from - 1)::timestamp)::date + interval '1 month';
  v_last_month := date_trunc('month', (v_to + 1)::timestamp)::date;
  if v_group <> 'month' or v_first_month >= v_last_month then
    v_first_month := v_from;
    v_last_month := v_from;
  end if;

  with rows as (
    select date_trunc(v_group, m.month::timestamp)::date as period, m.supplier_id, m.orders, m.ordered, m.received, m.outstanding,
           m.paid, m.balance
      from public.report_purchases_months m
     where m.month >= v_first_month and m.month < v_last_month
       and (p_location_id is null or m.location_id = p_location_id) and (p_supplier_id is null or m.supplier_id = p_supplier_id)
    union all
    select date_trunc(v_group, d.day::timestamp)::date, d.supplier_id, d.orders, d.ordered, d.received, d.outstanding, d.paid, d.balance
      from public.report_purchases_days d
     where d.day between v_from and v_to and not (d.day >= v_first_month and d.day < v_last_month)
       and (p_location_id is null or d.location_id = p_location_id) and (p_supplier_id is null or d.supplier_id = p_supplier_id)),
  -- Added up once by period and supplier (the branches and days folded), then each way from that.
  by_period_supplier as materialized (
    select r.period, r.supplier_id, sum(r.orders) as orders, sum(r.ordered) as ordered, sum(r.received) as received,
           sum(r.outstanding) as outstanding, sum(r.paid) as paid, sum(r.balance) as balance
      from rows r group by r.period, r.supplier_id),
  by_supplier as materialized (
    select x.supplier_id, sum(x.orders) as orders, sum(x.ordered) as ordered, sum(x.received) as received,
           sum(x.outstanding) as outstanding, sum(x.paid) as paid, sum(x.balance) as balance
      from by_period_supplier x group by x.supplier_id)
  select
    (select jsonb_build_object(
              'ordered', coalesce(sum(r.ordered), 0), 'received', coalesce(sum(r.received), 0), 'outstanding', coalesce(sum(r.outstanding), 0),
              'paid', coalesce(sum(r.paid), 0), 'balance', coalesce(sum(r.balance), 0), 'count', coalesce(sum(r.orders), 0))
       from by_supplier r),
    (select jsonb_agg(jsonb_build_object(
              'period', p.period, 'ordered', coalesce(x.ordered, 0), 'received', coalesce(x.received, 0), 'count', coalesce(x.orders, 0))
              order by p.period)
       from public.report_periods(v_from, v_to, v_group) p
       left join (select r.period, sum(r.ordered) as ordered, sum(r.received) as received, sum(r.orders) as orders
                    from by_period_supplier r group by r.period) x on x.period = p.period),
    (select coalesce(jsonb_agg(jsonb_build_object(
              'supplier', jsonb_build_object('id', s.id, 'name', s.name), 'ordered', x.ordered, 'received', x.received,
              'outstanding', x.outstanding, 'paid', x.paid, 'balance', x.balance, 'count', x.orders)
              order by x.ordered desc, lower(s.name), s.id), '[]'::jsonb)
       from by_supplier x
       join public.suppliers s on s.id = x.supplier_id
      where x.orders <> 0)
    into v_totals, v_series, v_suppliers;

  if p_supplier_id is null then
    v_top := public.report_top_products_json('purchase', v_from, v_to, p_location_id, 'amount', 10);
  else
    select coalesce(jsonb_agg(jsonb_build_object(
             'product_id', t.product_id, 'product_name', pr.name, 'product_type', pr.kind, 'quantity', t.quantity, 'amount', t.amount)
             order by t.amount desc, t.product_id), '[]'::jsonb)
      into v_top
      from (select x.product_id, sum(x.quantity)::bigint as quantity, sum(x.line_total) as amount
              from public.purchases p
              join public.purchase_items x on x.purchase_id = p.id
             where p.supplier_id = p_supplier_id and p.status <> 'cancelled' and p.purchase_date between v_from and v_to
               and (p_location_id is null or p.location_id = p_location_id)
             group by x.product_id
             order by amount desc, x.product_id
             limit 10) t
      join public.products pr on pr.id = t.product_id;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object(
           'id', o.id, 'number', o.number, 'supplier', jsonb_build_object('id', s.id, 'name', s.name), 'purchase_date', o.purchase_date,
           'expected_delivery_date', o.expected_delivery_date, 'days_late', current_date - o.expected_delivery_date,
           'net_amount', o.net_amount, 'status', o.status) order by o.expected_delivery_date, o.id), '[]'::jsonb)
    into v_overdue
    from (select p.* from public.purchases p
           where p.status in ('pending', 'ordered') and p.expected_delivery_date < current_date
             and (p_location_id is null or p.location_id = p_location_id) and (p_supplier_id is null or p.supplier_id = p_supplier_id)
           order by p.expected_delivery_date, p.id
           limit 50) o
    join public.suppliers s on s.id = o.supplier_id;

  return jsonb_build_object(
    'filters', jsonb_build_object('dateFrom', v_from, 'dateTo', v_to, 'group', v_group, 'location_id', p_location_id, 'supplier_id', p_supplier_id),
    'totals', v_totals,
    'series', v_series,
    'by_supplier', v_suppliers,
    'top_products', v_top,
    'overdue_orders', v_overdue
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_receipt_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint;
  r record;
  v_sign integer;
begin
  if tg_op = 'UPDATE' and (old.receipt_date, old.location_id, old.payment_method, old.amount, old.type, old.receiptable_type)
       is not distinct from (new.receipt_date, new.location_id, new.payment_method, new.amount, new.type, new.receiptable_type) then
    return null;
  end if;
  foreach v_sign in array array[-1, 1] loop
    if v_sign = -1 and tg_op = 'INSERT' or v_sign = 1 and tg_op = 'DELETE' then
      continue;
    end if;
    if v_sign = -1 then r := old; else r := new; end if;
    if r.receiptable_type in ('Invoice', 'Sale') then
      v_txid := public.report_pending_txid();
      insert into public.report_sales_methods as m (day, location_id, payment_method, txid, amount, receipts)
      values (r.receipt_date, coalesce(r.location_id, 0), r.payment_method, v_txid,
              v_sign * case when r.type = 'refund' then -r.amount else r.amount end, v_sign)
      on conflict (day, location_id, payment_method, txid) do update
         set amount = m.amount + excluded.amount, receipts = m.receipts + excluded.receipts;
    end if;
  end loop;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_sales(p_date_from date, p_date_to date, p_group text, p_location_id bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, date_trunc('month', coalesce(p_date_to, current_date)::timestamp)::date);
  v_group text;
  v_totals jsonb;
  v_series jsonb;
  v_types jsonb;
  v_locations jsonb;
  v_methods jsonb;
begin
  perform public.report_check_dates(v_from, v_to);
  v_group := public.report_group(v_from, v_to, p_group);

  select jsonb_build_object(
           'revenue', coalesce(sum(s.revenue), 0), 'cost', coalesce(sum(s.cost), 0),
           'gross_profit', coalesce(sum(s.revenue), 0) - coalesce(sum(s.cost), 0),
           'margin_percent', public.report_margin(coalesce(sum(s.revenue), 0), coalesce(sum(s.cost), 0)),
           'tax', coalesce(sum(s.tax), 0), 'discount', coalesce(sum(s.discount), 0), 'paid', coalesce(sum(s.paid), 0),
           'outstanding', coalesce(sum(s.outstanding), 0), 'count', coalesce(sum(s.documents), 0))
    into v_totals
    from public.report_sales_days s
   where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id);

  select jsonb_agg(jsonb_build_object(
           'period', p.period, 'revenue', coalesce(x.revenue, 0), 'cost', coalesce(x.cost, 0),
           'gross_profit', coalesce(x.revenue, 0) - coalesce(x.cost, 0), 'count', coalesce(x.documents, 0)) order by p.period)
    into v_series
    from public.report_periods(v_from, v_to, v_group) p
    left join (select date_trunc(v_group, s.day::timestamp)::date as period, sum(s.revenue) as revenue, sum(s.cost) as cost,
                      sum(s.documents) as documents
                 from public.report_sales_days s
                where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id)
                group by 1) x on x.period = p.period;

  select jsonb_agg(jsonb_build_object(
           'product_type', t.product_type, 'quantity', coalesce(x.quantity, 0), 'revenue', coalesce(x.revenue, 0),
           'cost', coalesce(x.cost, 0), 'gross_profit', coalesce(x.revenue, 0) - coalesce(x.cost, 0)) order by t.ord)
    into v_types
    from unnest(array['tire', 'battery', 'wiper', 'service', 'item']) with ordinality t(product_type, ord)
    left join (select s.product_type, sum(s.quantity) as quantity, sum(s.revenue) as revenue, sum(s.cost) as cost
                 from public.report_sales_types s
                where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id)
                group by s.product_type) x on x.product_type = t.product_type;

  select coalesce(jsonb_agg(jsonb_build_object(
           'location', jsonb_build_object('id', l.id, 'name', l.name), 'revenue', coalesce(x.revenue, 0), 'cost', coalesce(x.cost, 0),
           'gross_profit', coalesce(x.revenue, 0) - coalesce(x.cost, 0), 'count', coalesce(x.documents, 0)) order by lower(l.name), l.id), '[]'::jsonb)
    into v_locations
    from public.locations l
    left join (select s.location_id, sum(s.revenue) as revenue, sum(s.cost) as cost, sum(s.documents) as documents
                 from public.report_sales_days s
                where s.day between v_from and v_to
                group by s.location_id) x on x.location_id = l.id
   where p_location_id is null or l.id = p_location_id;

  select jsonb_agg(jsonb_build_object('payment_method', t.method, 'amount', coalesce(x.amount, 0), 'count', coalesce(x.receipts, 0)) order by t.ord)
    into v_methods
    from unnest(array['cash', 'credit_card', 'bank_transfer', 'cheque', 'store_credit']) with ordinality t(method, ord)
    left join (select s.payment_method, sum(s.amount) as amount, sum(s.receipts) as receipts
                 from public.report_sales_methods s
                where s.day between v_from and v_to and (p_location_id is null or s.location_id = p_location_id)
                group by s.payment_method) x on x.payment_method = t.method;

  return jsonb_build_object(
    'filters', jsonb_build_object('dateFrom', v_from, 'dateTo', v_to, 'group', v_group, 'location_id', p_location_id),
    'totals', v_totals,
    'series', v_series,
    'by_product_type', v_types,
    'by_location', v_locations,
    'by_payment_method', v_methods,
    'top_by_revenue', public.report_top_products_json('sale', v_from, v_to, p_location_id, 'revenue', 10),
    'top_by_profit', public.report_top_products_json('sale', v_from, v_to, p_location_id, 'profit', 10)
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_sales_document_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := case tg_table_name when 'invoices' then 'Invoice' else 'Sale' end;
  v_old_counted boolean := false;
  v_new_counted boolean := false;
  v_old_day date;
  v_new_day date;
  v_old_due date;
  v_new_due date;
  v_header boolean := true;
  v_lines boolean := true;
begin
  -- Invoices and sales name their date and status differently.
  if tg_op in ('UPDATE', 'DELETE') then
    if v_type = 'Invoice' then
      v_old_counted := old.status = 'sent'; v_old_day := old.issued_date; v_old_due := coalesce(old.due_date, old.issued_date);
    else
      v_old_counted := old.status = 'completed'; v_old_day := old.sale_date; v_old_due := old.sale_date;
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    if v_type = 'Invoice' then
      v_new_counted := new.status = 'sent'; v_new_day := new.issued_date; v_new_due := coalesce(new.due_date, new.issued_date);
    else
      v_new_counted := new.status = 'completed'; v_new_day := new.sale_date; v_new_due := new.sale_date;
    end if;
  end if;
  if tg_op = 'UPDATE' then
    if not v_old_counted and not v_new_counted then
      return null;
    end if;
    v_lines := (v_old_counted, v_old_day, old.location_id, old.subtotal, old.discount_amount)
      is distinct from (v_new_counted, v_new_day, new.location_id, new.subtotal, new.discount_amount);
    v_header := v_lines or (v_old_due, old.customer_id, old.tax_amount, old.net_amount, old.credited_amount, old.total_paid, old.balance_due)
      is distinct from (v_new_due, new.customer_id, new.tax_amount, new.net_amount, new.credited_amount, new.total_paid, new.balance_due);
    if not v_header then
      return null;
    end if;
  end if;
  if v_old_counted then
    perform public.report_stage_sales_document(
      -1, v_type, old.id, v_old_day, v_old_due, old.location_id, old.customer_id, old.subtotal, old.discount_amount,
      old.tax_amount, old.net_amount - old.credited_amount, old.total_paid, old.balance_due, v_header, v_lines
    );
  end if;
  if v_new_counted then
    perform public.report_stage_sales_document(
      1, v_type, new.id, v_new_day, v_new_due, new.location_id, new.customer_id, new.subtotal, new.discount_amount,
      new.tax_amount, new.net_amount - new.credited_amount, new.total_paid, new.balance_due, v_header, v_lines
    );
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_sales_line_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := case tg_table_name when 'invoice_items' then 'Invoice' else 'Sale' end;
  v_old_document bigint;
  v_new_document bigint;
  d record;
begin
  -- The two line tables name their document's column differently.
  if tg_op in ('UPDATE', 'DELETE') then
    if v_type = 'Invoice' then v_old_document := old.invoice_id; else v_old_document := old.sale_id; end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    if v_type = 'Invoice' then v_new_document := new.invoice_id; else v_new_document := new.sale_id; end if;
  end if;
  if tg_op = 'UPDATE' and (v_old_document, old.product_id, old.product_type, old.quantity, old.cost_price, old.line_total)
       is not distinct from (v_new_document, new.product_id, new.product_type, new.quantity, new.cost_price, new.line_total) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select * into d from public.report_sales_documents s where s.document_type = v_type and s.id = v_old_document;
    if found then
      perform public.report_stage_sales_line(
        -1, v_type, d.day, d.location_id, old.product_id, old.product_type, old.quantity, old.cost_price, old.line_total,
        d.subtotal, d.discount_amount
      );
    end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select * into d from public.report_sales_documents s where s.document_type = v_type and s.id = v_new_document;
    if found then
      perform public.report_stage_sales_line(
        1, v_type, d.day, d.location_id, new.product_id, new.product_type, new.quantity, new.cost_price, new.line_total,
        d.subtotal, d.discount_amount
      );
    end if;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stage_credit_note(p_sign integer, p_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_note public.credit_notes;
  line record;
begin
  select * into v_note from public.credit_notes c where c.id = p_id;
  perform public.report_add_sales_day(v_note.issued_date, v_note.location_id, 'CreditNote', 0, -p_sign * v_note.subtotal, 0,
    -p_sign * v_note.tax_amount, 0, 0, 0);
  for line in
    select x.product_id, x.product_type, x.quantity, case when x.restock then x.cost_price else 0 end as cost_price, x.line_total
      from public.credit_note_items x where x.credit_note_id = p_id order by x.product_id, x.id
  loop
    perform public.report_stage_sales_line(-p_sign, 'CreditNote', v_note.issued_date, v_note.location_id, line.product_id,
      line.product_type, line.quantity, line.cost_price, line.line_total, line.line_total, 0);
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stage_purchase(p_sign integer, p purchases, p_header boolean, p_lines boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_owed boolean := p.status in ('ordered', 'received');
  line record;
begin
  if p_header then
    perform public.report_add_purchase_day(
      p.purchase_date, p.location_id, p.supplier_id, p_sign, p_sign * p.net_amount, 0, 0, p_sign * p.total_paid, p_sign * p.balance_due,
      case when v_owed then p_sign * p.balance_due else 0 end
    );
    if v_owed and p.balance_due <> 0 then
      perform public.report_add_party_balance(
        'supplier', p.supplier_id, coalesce(p.expected_delivery_date, p.purchase_date), p_sign, p_sign * (p.net_amount - p.credited_amount),
        p_sign * p.total_paid, p_sign * p.balance_due
      );
    end if;
  end if;
  if p_lines then
    for line in select * from public.purchase_items x where x.purchase_id = p.id order by x.product_id, x.id loop
      perform public.report_stage_purchase_line(
        p_sign, p.purchase_date, p.location_id, p.supplier_id, line.product_id, line.quantity, line.received_quantity,
        line.unit_price, line.discount_percent, line.line_total
      );
    end loop;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stage_purchase_line(p_sign integer, p_day date, p_location_id bigint, p_supplier_id bigint, p_product_id bigint, p_quantity integer, p_received_quantity integer, p_unit_price numeric, p_discount_percent numeric, p_line_total numeric)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint := public.report_pending_txid();
begin
  perform public.report_add_purchase_day(
    p_day, p_location_id, p_supplier_id, 0, 0, p_sign * public.report_purchase_value(p_unit_price, p_received_quantity, p_discount_percent),
    p_sign * public.report_purchase_value(p_unit_price, p_quantity - p_received_quantity, p_discount_percent), 0, 0, 0
  );
  insert into public.report_purchase_products as t (day, location_id, product_id, txid, quantity, amount)
  values (p_day, p_location_id, p_product_id, v_txid, p_sign * p_quantity, p_sign * p_line_total)
  on conflict (day, location_id, product_id, txid) do update
     set quantity = t.quantity + excluded.quantity, amount = t.amount + excluded.amount;
  insert into public.report_purchase_product_bounds as b (location_id, product_id, txid, amount)
  values (p_location_id, p_product_id, v_txid, p_sign * p_line_total), (0, p_product_id, v_txid, p_sign * p_line_total)
  on conflict (location_id, product_id, txid) do update set amount = b.amount + excluded.amount;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stage_sales_document(p_sign integer, p_document_type text, p_id bigint, p_day date, p_due_date date, p_location_id bigint, p_customer_id bigint, p_subtotal numeric, p_discount numeric, p_tax numeric, p_net numeric, p_paid numeric, p_balance numeric, p_header boolean, p_lines boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  line record;
begin
  if p_header then
    perform public.report_add_sales_day(
      p_day, p_location_id, p_document_type, p_sign, p_sign * (p_subtotal - p_discount), 0, p_sign * p_tax, p_sign * p_discount,
      p_sign * p_paid, p_sign * p_balance
    );
    if p_balance <> 0 then
      perform public.report_add_party_balance('customer', p_customer_id, p_due_date, p_sign, p_sign * p_net, p_sign * p_paid, p_sign * p_balance);
    end if;
  end if;
  if p_lines then
    for line in
      select x.product_id, x.product_type, x.quantity, x.cost_price, x.line_total
        from public.invoice_items x where p_document_type = 'Invoice' and x.invoice_id = p_id
      union all
      select x.product_id, x.product_type, x.quantity, x.cost_price, x.line_total
        from public.sale_items x where p_document_type = 'Sale' and x.sale_id = p_id
      order by 1
    loop
      perform public.report_stage_sales_line(
        p_sign, p_document_type, p_day, p_location_id, line.product_id, line.product_type, line.quantity, line.cost_price,
        line.line_total, p_subtotal, p_discount
      );
    end loop;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stage_sales_line(p_sign integer, p_document_type text, p_day date, p_location_id bigint, p_product_id bigint, p_product_type text, p_quantity integer, p_cost_price numeric, p_line_total numeric, p_subtotal numeric, p_discount numeric)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint := public.report_pending_txid();
  v_cost numeric := p_sign * p_quantity * p_cost_price;
  v_revenue numeric := p_sign * public.report_line_revenue(p_line_total, p_subtotal, p_discount);
  v_quantity integer := p_sign * p_quantity;
begin
  perform public.report_add_sales_day(p_day, p_location_id, p_document_type, 0, 0, v_cost, 0, 0, 0, 0);
  insert into public.report_sales_types as t (day, location_id, product_type, txid, lines, quantity, revenue, cost)
  values (p_day, p_location_id, p_product_type, v_txid, case when p_document_type = 'CreditNote' then 0 else p_sign end, v_quantity, v_revenue, v_cost)
  on conflict (day, location_id, product_type, txid) do update
     set lines = t.lines + excluded.lines, quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue,
         cost = t.cost + excluded.cost;
  insert into public.report_sales_products as t (day, location_id, product_id, txid, quantity, revenue, cost)
  values (p_day, p_location_id, p_product_id, v_txid, v_quantity, v_revenue, v_cost)
  on conflict (day, location_id, product_id, txid) do update
     set quantity = t.quantity + excluded.quantity, revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stage_stocks(p_changes stock_change[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_txid bigint;
  r record;
begin
  for r in
    select c.location_id, c.kind,
           sum(c.sign * c.quantity)::bigint as units, sum(c.sign * (c.quantity > 0)::integer)::integer as stocked,
           sum(c.sign * c.quantity * c.cost_price) as cost_value, sum(c.sign * c.quantity * c.selling_price) as retail_value,
           sum(c.sign * (s.state is not distinct from 'in')::integer)::integer as in_stock,
           sum(c.sign * (s.state is not distinct from 'low')::integer)::integer as low,
           sum(c.sign * (s.state is not distinct from 'out')::integer)::integer as out
      from unnest(p_changes) c
     cross join lateral (select public.stock_state(c.active, c.quantity, c.low_stock_at) as state) s
     where c.kind <> 'service'
     group by c.location_id, c.kind
     order by c.location_id, c.kind
  loop
    continue when (r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out) = (0, 0, 0, 0, 0, 0, 0);
    v_txid := coalesce(v_txid, public.report_pending_txid());
    insert into public.report_stock_totals as t (location_id, kind, bucket, txid, units, stocked, cost_value, retail_value, in_stock, low, out)
    values (r.location_id, r.kind, (v_txid % 16)::smallint, v_txid, r.units, r.stocked, r.cost_value, r.retail_value, r.in_stock, r.low, r.out)
    on conflict (location_id, kind, bucket, txid) do update
       set units = t.units + excluded.units, stocked = t.stocked + excluded.stocked, cost_value = t.cost_value + excluded.cost_value,
           retail_value = t.retail_value + excluded.retail_value, in_stock = t.in_stock + excluded.in_stock, low = t.low + excluded.low,
           out = t.out + excluded.out;
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_statement(p_party text, p_party_id bigint, p_as_of date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_as_of date := coalesce(p_as_of, current_date);
  v_party jsonb;
  v_documents jsonb;
  v_totals jsonb;
begin
  select case when p_party = 'customer'
              then jsonb_build_object('id', pt.id, 'name', pt.name, 'phone', pt.phone, 'email', pt.email, 'address', pt.address,
                                      'store_credit', public.store_credit_of(pt.id))
              else jsonb_build_object('id', pt.id, 'name', pt.name, 'phone', pt.phone, 'email', pt.email, 'address', pt.address,
                                      'contact_person', pt.contact_person) end
    into v_party
    from public.report_parties pt where pt.party_type = p_party and pt.id = p_party_id;
  if v_party is null then
    return null;
  end if;
  with documents as (
    select o.*, a.* from public.report_open_documents(p_party, v_as_of, array[p_party_id]) o
    cross join lateral public.report_ageing(v_as_of, o.due_date, o.balance) a)
  select coalesce(jsonb_agg(jsonb_build_object(
           'type', d.document_type, 'id', d.id, 'number', d.number, 'date', d.date, 'due_date', d.due_date, 'net_amount', d.net_amount,
           'paid', d.paid, 'balance', d.balance, 'days_overdue', greatest(v_as_of - d.due_date, 0)) order by d.date, d.due_date, d.id), '[]'::jsonb),
         jsonb_build_object(
           'billed', coalesce(sum(d.net_amount), 0), 'paid', coalesce(sum(d.paid), 0), 'balance', coalesce(sum(d.balance), 0),
           'current', coalesce(sum(d.not_due), 0), 'days_1_30', coalesce(sum(d.days_1_30), 0), 'days_31_60', coalesce(sum(d.days_31_60), 0),
           'days_61_90', coalesce(sum(d.days_61_90), 0), 'days_over_90', coalesce(sum(d.days_over_90), 0))
    into v_documents, v_totals
    from documents d;
  return jsonb_build_object('as_of', v_as_of, p_party, v_party, 'documents', v_documents, 'totals', v_totals);
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_stock_kinds(p_location_id bigint)
 RETURNS TABLE(kind text, units bigint, stocked bigint, cost_value numeric, retail_value numeric, in_stock bigint, low bigint, out_of_stock bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select k.kind, coalesce(v.units, 0)::bigint, coalesce(v.stocked, 0)::bigint, coalesce(v.cost_value, 0), coalesce(v.retail_value, 0),
         coalesce(r.in_stock, 0)::bigint, coalesce(r.low, 0)::bigint, coalesce(r.out_of_stock, 0)::bigint
    from (values ('tire'), ('battery'), ('wiper'), ('item')) k(kind)
    left join (
      select t.kind, sum(t.units) as units, sum(t.stocked) as stocked, sum(t.cost_value) as cost_value, sum(t.retail_value) as retail_value
        from public.report_stock_totals t where t.location_id = p_location_id group by t.kind
      union all
      select t.kind, sum(t.units), sum(t.stocked), sum(t.cost_value), sum(t.retail_value)
        from public.report_product_totals t where p_location_id is null group by t.kind) v on v.kind = k.kind
    left join (
      select t.kind, sum(t.in_stock) as in_stock, sum(t.low) as low, sum(t.out) as out_of_stock
        from public.report_stock_totals t
       where p_location_id is null or t.location_id = p_location_id
       group by t.kind) r on r.kind = k.kind
$function$;

CREATE OR REPLACE FUNCTION public.report_stock_levels_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_old public.stock_change[] := '{}';
  v_new public.stock_change[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(array_agg(row(-1, o.location_id, o.quantity, p.kind, p.active, p.cost_price, p.selling_price,
                                  coalesce(o.reorder_point, p.low_stock_at))::public.stock_change), '{}')
      into v_old
      from old_rows o join public.products p on p.id = o.product_id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select coalesce(array_agg(row(1, n.location_id, n.quantity, p.kind, p.active, p.cost_price, p.selling_price,
                                  coalesce(n.reorder_point, p.low_stock_at))::public.stock_change), '{}')
      into v_new
      from new_rows n join public.products p on p.id = n.product_id;
  end if;
  if cardinality(v_old) + cardinality(v_new) > 0 then
    perform public.report_stage_stocks(v_old || v_new);
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_summary_drift()
 RETURNS TABLE(summary text, key jsonb, kept jsonb, recounted jsonb)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  s record;
  v_keys text;
  v_values text;
  v_sums text;
  v_zero text;
begin
  for s in
    select * from (values
      ('report_sales_days', array['day', 'location_id', 'document_type'], array['documents', 'revenue', 'cost', 'tax', 'discount', 'paid', 'outstanding']),
      ('report_sales_types', array['day', 'location_id', 'product_type'], array['lines', 'quantity', 'revenue', 'cost']),
      ('report_sales_product_months', array['month', 'location_id', 'product_id'], array['quantity', 'revenue', 'cost', 'profit_bound']),
      ('report_sales_products', array['day', 'location_id', 'product_id'], array['quantity', 'revenue', 'cost']),
      ('report_sales_product_bounds', array['location_id', 'product_id'], array['revenue', 'profit_bound']),
      ('report_sales_methods', array['day', 'location_id', 'payment_method'], array['amount', 'receipts']),
      ('report_purchases_days', array['day', 'location_id', 'supplier_id'], array['orders', 'ordered', 'received', 'outstanding', 'paid', 'balance', 'payable']),
      ('report_purchases_months', array['month', 'location_id', 'supplier_id'], array['orders', 'ordered', 'received', 'outstanding', 'paid', 'balance', 'payable']),
      ('report_purchase_products', array['day', 'location_id', 'product_id'], array['quantity', 'amount']),
      ('report_purchase_product_bounds', array['location_id', 'product_id'], array['amount']),
      ('report_party_balances', array['party_type', 'party_id'], array['documents', 'billed', 'paid', 'balance']),
      ('report_balances_due', array['party_type', 'due_date'], array['documents', 'balance']),
      ('report_stock_totals', array['location_id', 'kind'], array['units', 'stocked', 'cost_value', 'retail_value', 'in_stock', 'low', 'out']),
      ('report_product_totals', array['kind'], array['products', 'units', 'stocked', 'cost_value', 'retail_value', 'in_stock', 'low', 'out'])
    ) t(name, keys, vals)
  loop
    select string_agg(format('%L, x.%I', k, k), ', ') into v_keys from unnest(s.keys) k;
    select string_agg(format('%L, x.%I', v, v), ', ') into v_values from unnest(s.vals) v;
    select string_agg(format('%L, sum(x.%I)', v, v), ', ') into v_sums from unnest(s.vals) v;
    select string_agg(format('%L, 0', v), ', ') into v_zero from unnest(s.vals) v;
    return query execute format(
      $sql$
      select %1$L::text, coalesce(k.key, r.key), k.vals, r.vals
        from (select jsonb_build_object(%2$s) as key, jsonb_build_object(%4$s) as vals
                from public.%1$I x group by %6$s) k
        full join (select jsonb_build_object(%2$s) as key, jsonb_build_object(%3$s) as vals from public.%7$I x) r on r.key = k.key
       where coalesce(k.vals, jsonb_build_object(%5$s)) <> coalesce(r.vals, jsonb_build_object(%5$s))
      $sql$,
      s.name, v_keys, v_values, v_sums, v_zero,
      (select string_agg(format('x.%I', k), ', ') from unnest(s.keys) k), s.name || '_recount'
    );
  end loop;
  return query
  select 'report_tire_lines'::text, jsonb_build_object('document_type', coalesce(k.document_type, r.document_type), 'line_id', coalesce(k.line_id, r.line_id)),
         case when k.line_id is not null then jsonb_build_object('document_id', k.document_id, 'day', k.day, 'dot', k.dot, 'product_id', k.product_id) end,
         case when r.line_id is not null then jsonb_build_object('document_id', r.document_id, 'day', r.day, 'dot', r.dot, 'product_id', r.product_id) end
    from public.report_tire_lines k
    full join public.report_tire_lines_recount r on r.document_type = k.document_type and r.line_id = k.line_id
   where (k.document_id, k.day, k.dot, k.product_id) is distinct from (r.document_id, r.day, r.dot, r.product_id);
  return query
  select 'report_balance_moves'::text,
         jsonb_build_object('document_type', coalesce(k.document_type, r.document_type), 'document_id', coalesce(k.document_id, r.document_id),
                            'day', coalesce(k.day, r.day)),
         to_jsonb(k) - 'document_type' - 'document_id' - 'day', to_jsonb(r) - 'document_type' - 'document_id' - 'day'
    from public.report_balance_moves k
    full join public.report_balance_moves_recount r on r.document_type = k.document_type and r.document_id = k.document_id and r.day = k.day
   where (k.party_type, k.party_id, k.due_date, k.documents, k.billed, k.paid, k.balance)
         is distinct from (r.party_type, r.party_id, r.due_date, r.documents, r.billed, r.paid, r.balance);
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_tire_document_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := case tg_table_name when 'invoices' then 'Invoice' else 'Sale' end;
begin
  if tg_op = 'DELETE' then
    delete from public.report_tire_lines t where t.document_type = v_type and t.document_id = old.id;
    return null;
  end if;
  -- Invoices and sales name their date and status differently.
  if tg_op = 'UPDATE' and v_type = 'Invoice' then
    if (old.status = 'sent', old.issued_date) is not distinct from (new.status = 'sent', new.issued_date) then
      return null;
    end if;
  elsif tg_op = 'UPDATE' then
    if (old.status = 'completed', old.sale_date) is not distinct from (new.status = 'completed', new.sale_date) then
      return null;
    end if;
  end if;
  perform public.report_keep_tire_lines(v_type, new.id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_tire_line_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_type text := case tg_table_name when 'invoice_items' then 'Invoice' else 'Sale' end;
begin
  if tg_op = 'UPDATE' and (old.id, old.product_type, old.dot, old.product_id) is not distinct from (new.id, new.product_type, new.dot, new.product_id)
     and (case when v_type = 'Invoice' then to_jsonb(old) ->> 'invoice_id' else to_jsonb(old) ->> 'sale_id' end)
         is not distinct from (case when v_type = 'Invoice' then to_jsonb(new) ->> 'invoice_id' else to_jsonb(new) ->> 'sale_id' end) then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delete from public.report_tire_lines t where t.document_type = v_type and t.line_id = old.id;
  end if;
  if tg_op in ('UPDATE', 'INSERT') and new.product_type = 'tire' then
    if v_type = 'Invoice' then
      insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
      select 'Invoice', new.id, i.id, i.issued_date, new.dot, new.product_id
        from public.invoices i where i.id = (to_jsonb(new) ->> 'invoice_id')::bigint and i.status = 'sent';
    else
      insert into public.report_tire_lines (document_type, line_id, document_id, day, dot, product_id)
      select 'Sale', new.id, s.id, s.sale_date, new.dot, new.product_id
        from public.sales s where s.id = (to_jsonb(new) ->> 'sale_id')::bigint and s.status = 'completed';
    end if;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_tire_sales(p_dot text, p_tire_brand_id bigint, p_date_from date, p_date_to date, p_limit integer, p_offset integer, p_dot_from text DEFAULT NULL::text, p_dot_to text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_to date := coalesce(p_date_to, current_date);
  v_from date := coalesce(p_date_from, (coalesce(p_date_to, current_date) - interval '12 months')::date);
  v_dot text := nullif(btrim(coalesce(p_dot, '')), '');
  v_week_from integer := public.dot_week(p_dot_from);
  v_week_to integer := public.dot_week(p_dot_to);
  v_match text := '';
  v_weeks text := '';
  v_brand text := '';
  v_filtered boolean;
  v_lines text;
  v_page jsonb;
  v_total integer;
begin
  perform public.report_check_dates(v_from, v_to);
  if v_dot is not null then
    v_match := format(' and lower(x.dot) like %L', replace(replace(replace(lower(v_dot), '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end if;
  if v_week_from is not null or v_week_to is not null then
    v_weeks := ' and public.dot_week(x.dot) between coalesce($6, 0) and coalesce($7, 2147483647)';
  end if;
  if p_tire_brand_id is not null then
    v_brand := ' and exists (select 1 from public.tires t where t.product_id = x.product_id and t.tire_brand_id = $3)';
  end if;
  v_filtered := v_dot is not null or v_weeks <> '' or p_tire_brand_id is not null;
  -- Each side newest first; with no filter but the dates, only the first offset + limit of each side
  -- can be on the page, and the documents' date indexes give them without reading the rest.
  if v_filtered then
    -- The tire lines of counted documents, kept on write with their date: what a recall searches
    -- (DOT, DOT weeks, brand) is indexed there, so the matches never touch the documents.
    v_lines := format(
      $sql$
      select x.line_id, x.document_type, x.document_id, x.day as date
        from public.report_tire_lines x
       where x.day between $1 and $2 %s
      $sql$,
      v_match || v_weeks || v_brand);
  else
    v_lines := format(
      $sql$
      (select x.id as line_id, 'Invoice' as document_type, i.id as document_id, i.issued_date as date
         from public.invoices i join public.invoice_items x on x.invoice_id = i.id
        where x.product_type = 'tire' and i.status = 'sent' and i.issued_date between $1 and $2
        order by i.issued_date desc, i.id desc, x.id limit $4 + $5)
      union all
      (select x.id, 'Sale', s.id, s.sale_date
         from public.sales s join public.sale_items x on x.sale_id = s.id
        where x.product_type = 'tire' and s.status = 'completed' and s.sale_date between $1 and $2
        order by s.sale_date desc, s.id desc, x.id limit $4 + $5)
      $sql$);
  end if;
  -- The page and, when filtered, the count of every match in one pass over the matches.
  execute format(
    $sql$
    with page as (
      select l.*, %s as total
        from (%s) l
       order by l.date desc, l.document_type, l.document_id desc, l.line_id
       limit $4 offset $5)
    select (select max(p.total)::integer from page p),
           coalesce(jsonb_agg(jsonb_build_object(
             'dot', x.dot, 'brand', b.name, 'pattern', pa.name, 'size', t.size, 'product_id', x.product_id, 'product_name', x.product_name,
             'quantity', x.quantity, 'date', l.date, 'document_type', l.document_type, 'document_id', l.document_id,
             'document_number', coalesce(i.number, s.number),
             'returned', (select coalesce(sum(ci.quantity), 0)::integer from public.credit_note_items ci
                            join public.credit_notes cn on cn.id = ci.credit_note_id
                           where ci.line_id = l.line_id and cn.document_type = l.document_type and cn.status = 'issued'),
             'customer', jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone,
                                            'contact_recorded', regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') <> ''),
             'vehicle', case when v.id is not null then jsonb_build_object('id', v.id, 'plate', v.plate, 'make', v.make, 'model', v.model, 'year', v.year) end)
             order by l.date desc, l.document_type, l.document_id desc, l.line_id), '[]'::jsonb)
      from page l
      left join public.invoice_items ix on l.document_type = 'Invoice' and ix.id = l.line_id
      left join public.sale_items sx on l.document_type = 'Sale' and sx.id = l.line_id
      cross join lateral (select coalesce(ix.dot, sx.dot) as dot, coalesce(ix.product_id, sx.product_id) as product_id,
                                 coalesce(ix.product_name, sx.product_name) as product_name, coalesce(ix.quantity, sx.quantity) as quantity) x
      left join public.invoices i on l.document_type = 'Invoice' and i.id = l.document_id
      left join public.sales s on l.document_type = 'Sale' and s.id = l.document_id
      join public.customers c on c.id = coalesce(i.customer_id, s.customer_id)
      left join public.vehicles v on v.id = coalesce(i.vehicle_id, s.vehicle_id)
      left join public.tires t on t.product_id = x.product_id
      left join public.tire_brands b on b.id = t.tire_brand_id
      left join public.patterns pa on pa.id = t.pattern_id
    $sql$,
    case when not v_filtered then 'null::bigint' else 'count(*) over ()' end, v_lines
  ) into v_total, v_page using v_from, v_to, p_tire_brand_id, p_limit, p_offset, v_week_from, v_week_to;
  if not v_filtered then
    -- Every tire line of the range: counted by the summary rather than one by one.
    select coalesce(sum(t.lines), 0)::integer into v_total
      from public.report_sales_types t where t.product_type = 'tire' and t.day between v_from and v_to;
  elsif v_total is null then
    -- A page past the end.
    execute format('select count(*)::integer from (%s) l', v_lines) into v_total using v_from, v_to, p_tire_brand_id, p_limit, p_offset, v_week_from, v_week_to;
  end if;
  return jsonb_build_object('data', v_page, 'total', v_total,
                            'filters', jsonb_build_object('dot', v_dot, 'dot_from', nullif(btrim(coalesce(p_dot_from, '')), ''),
                                                          'dot_to', nullif(btrim(coalesce(p_dot_to, '')), ''),
                                                          'tire_brand_id', p_tire_brand_id, 'dateFrom', v_from, 'dateTo', v_to));
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_top_products(p_source text, p_date_from date, p_date_to date, p_location_id bigint, p_order text, p_limit integer)
 RETURNS TABLE(product_id bigint, quantity bigint, revenue numeric, cost numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_bound text := case p_order when 'profit' then 'profit_bound' when 'revenue' then 'revenue' else 'amount' end;
  v_value text := case p_order when 'profit' then 'sum(x.revenue) - sum(x.cost)' else 'sum(x.revenue)' end;
  v_location bigint := coalesce(p_location_id, 0);
  -- The whole months of the range: [v_whole_from, v_whole_to).
  v_whole_from date := (date_trunc('month', (p_date_from - 1)::timestamp) + interval '1 month')::date;
  v_whole_to date := date_trunc('month', (p_date_to + 1)::timestamp)::date;
  v_rows text;
  v_sums text;
  v_tries text[];
  v_try text;
  v_bounds text;
  v_months date[];
  v_seeds bigint[];
  v_threshold numeric;
  v_found integer;
  v_candidates bigint[];
begin
  if v_whole_from >= v_whole_to then
    v_whole_from := p_date_from;
    v_whole_to := p_date_from;
  end if;
  -- The rows of the range (of the products in $6 when %1$s is given); the parameters are the same in
  -- every statement: $1, $2 the range, $3 the branch or null, $4 the limit, $5 the branch or 0,
  -- $6 products, $7 months, $8, $9 the whole months, $10 the bar, $11 how many months.
  if p_source = 'sale' then
    v_rows := $sql$
      (select m.product_id, m.quantity, m.revenue, m.cost from public.report_sales_product_months m
        where m.location_id = $5 and m.month >= $8 and m.month < $9 %1$s
       union all
       select d.product_id, d.quantity, d.revenue, d.cost from public.report_sales_products d
        where d.day between $1 and $2 and not (d.day >= $8 and d.day < $9) and ($3::bigint is null or d.location_id = $3) %2$s) x$sql$;
  else
    v_rows := $sql$
      (select d.product_id, d.quantity, d.amount as revenue, 0::numeric as cost from public.report_purchase_products d
        where d.day between $1 and $2 and ($3::bigint is null or d.location_id = $3) %2$s) x$sql$;
  end if;
  v_sums := 'select x.product_id, sum(x.quantity)::bigint as quantity, sum(x.revenue) as revenue, sum(x.cost) as cost from '
            || format(v_rows, ' and m.product_id = any($6)', ' and d.product_id = any($6)')
            || format(' group by x.product_id order by %s desc, x.product_id limit $4', v_value);

  -- The bounds that fit the range best first: its months for up to two, all time for longer ones.
  v_tries := case
    when p_source <> 'sale' then case when p_date_to - p_date_from >= 62 then array['all'] else array[]::text[] end
    when p_date_to - p_date_from < 62 then array['months']
    when p_date_to - p_date_from < 366 then array['all', 'months']
    else array['all'] end;
  foreach v_try in array v_tries loop
    if v_try = 'months' then
      v_bounds := 'report_sales_product_months';
      v_months := array(select m.period from public.report_periods(p_date_from, p_date_to, 'month') m);
    else
      v_bounds := case p_source when 'sale' then 'report_sales_product_bounds' else 'report_purchase_product_bounds' end;
      v_months := null;
    end if;
    -- The highest bounds (of each month): the p_limit-th best figure among them is the bar.
    execute format(
      'select array_agg(distinct s.product_id)
         from unnest(coalesce($7, array[null::date])) m(month)
         cross join lateral (select b.product_id from public.%I b where b.location_id = $5 and b.txid = 0 %s
                              order by b.%I desc limit $4 * 3) s',
      v_bounds, case when v_months is null then '' else 'and b.month = m.month' end, v_bound
    ) into v_seeds using p_date_from, p_date_to, p_location_id, p_limit, v_location, null::bigint[], v_months;
    execute format('select min(t.value), count(*)::integer from (select %s as value from %s group by x.product_id order by 1 desc limit $4) t',
                   v_value, format(v_rows, ' and m.product_id = any($6)', ' and d.product_id = any($6)'))
       into v_threshold, v_found
      using p_date_from, p_date_to, p_location_id, p_limit, v_location, v_seeds, v_months, v_whole_from, v_whole_to;
    if v_found = p_limit and v_threshold > 0 then
      -- Bounds adding up to the bar: at least one of the k months reaches a k-th of it. Too many
      -- such products and this try gives up, having read only a bounded part of an index.
      execute format(
        'select array(select b.product_id from public.%I b where b.location_id = $5 and b.txid = 0 %s and b.%I >= $10 / $11 limit 10001)',
        v_bounds, case when v_months is null then '' else 'and b.month = any($7)' end, v_bound
      ) into v_candidates
        using p_date_from, p_date_to, p_location_id, p_limit, v_location, null::bigint[], v_months, v_whole_from, v_whole_to,
              v_threshold, greatest(cardinality(v_months), 1);
      if cardinality(v_candidates) <= 10000 and cardinality(v_months) > 1 then
        execute format(
          'select array(select c.product_id from public.%I c where c.location_id = $5 and c.txid = 0 and c.month = any($7)
                          and c.product_id = any($6) group by c.product_id having sum(c.%I) >= $10)',
          v_bounds, v_bound
        ) into v_candidates using p_date_from, p_date_to, p_location_id, p_limit, v_location, v_candidates, v_months, v_whole_from,
                                  v_whole_to, v_threshold;
      end if;
      if cardinality(v_candidates) <= 2000 then
        return query execute v_sums
          using p_date_from, p_date_to, p_location_id, p_limit, v_location, v_candidates, v_months, v_whole_from, v_whole_to;
        return;
      end if;
    end if;
  end loop;
  return query execute 'select x.product_id, sum(x.quantity)::bigint as quantity, sum(x.revenue) as revenue, sum(x.cost) as cost from '
                       || format(v_rows, '', '') || format(' group by x.product_id order by %s desc, x.product_id limit $4', v_value)
    using p_date_from, p_date_to, p_location_id, p_limit, v_location, null::bigint[], null::date[], v_whole_from, v_whole_to;
end;
$function$;

CREATE OR REPLACE FUNCTION public.report_top_products_json(p_source text, p_date_from date, p_date_to date, p_location_id bigint, p_order text, p_limit integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(
           case when p_source = 'sale' then
             jsonb_build_object('product_id', t.product_id, 'product_name', p.name, 'product_type', p.kind, 'quantity', t.quantity,
                                'revenue', t.revenue, 'cost', t.cost, 'gross_profit', t.revenue - t.cost)
           else
             jsonb_build_object('product_id', t.product_id, 'product_name', p.name, 'product_type', p.kind, 'quantity', t.quantity,
                                'amount', t.revenue)
           end order by t.ord), '[]'::jsonb)
    from public.report_top_products(p_source, p_date_from, p_date_to, p_location_id, p_order, p_limit) with ordinality t(product_id, quantity, revenue, cost, ord)
    join public.products p on p.id = t.product_id
$function$;

CREATE OR REPLACE FUNCTION public.returnable_lines(p_type text, p_id bigint)
 RETURNS TABLE(line_id bigint, line_position integer, product_id bigint, product_type text, product_name text, description text, dot text, quantity integer, unit_price numeric, discount_percent numeric, cost_price numeric, returned integer, value numeric, tax numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  t record := public.document_tables(p_type);
begin
  return query execute format(
    $sql$
    with d as (select h.subtotal, h.net_amount - h.tax_amount as base, h.tax_amount from public.%I h where h.id = $1),
    r as (select x.*, x.line_total * coalesce((to_jsonb(x) ->> 'tax_rate')::numeric, 1) as rated from public.%I x where x.%I = $1),
    -- Lines carry tax by what their rates make of them; where no rate makes any (a tax set by hand on
    -- untaxed lines), by their totals.
    w as (
      select r.*, case when sum(r.rated) over () > 0 then r.rated else r.line_total end as weight from r),
    v as (select w.*, sum(w.weight) over () as weights from w),
    l as (
      select w.id, w.position, w.product_id, w.product_type, w.product_name, w.description, w.dot, w.quantity, w.unit_price,
             w.discount_percent, w.cost_price,
             row_number() over (order by w.position desc, w.id desc) = 1 as last,
             row_number() over (order by w.weight > 0 desc, w.position desc, w.id desc) = 1 as last_taxed,
             case when d.subtotal > 0 then round(d.base * w.line_total / d.subtotal, 2) else 0 end as base,
             case when w.weights > 0 then round(d.tax_amount * w.weight / w.weights, 2) else 0 end as tax
        from v w, d),
    s as (select sum(l.base) filter (where not l.last) as base, sum(l.tax) filter (where not l.last_taxed) as tax from l)
    select l.id, l.position, l.product_id, l.product_type, l.product_name, l.description, l.dot, l.quantity, l.unit_price,
           l.discount_percent, l.cost_price,
           coalesce(case when $2 = 'Purchase'
             then (select sum(si.quantity) from public.supplier_return_items si where si.line_id = l.id)
             else (select sum(ci.quantity) from public.credit_note_items ci
                     join public.credit_notes cn on cn.id = ci.credit_note_id
                    where ci.line_id = l.id and cn.document_type = $2 and cn.document_id = $1 and cn.status = 'issued') end, 0)::integer,
           case when l.last then d.base - coalesce(s.base, 0) else l.base end
             + case when l.last_taxed then d.tax_amount - coalesce(s.tax, 0) else l.tax end,
           case when l.last_taxed then d.tax_amount - coalesce(s.tax, 0) else l.tax end
      from l, d, s
     order by l.position, l.id
    $sql$,
    t.header_table, t.lines_table, t.key_column
  ) using p_id, p_type;
end;
$function$;

CREATE OR REPLACE FUNCTION public.send_document(p_type text, p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_type <> 'Quote' then
    raise exception 'Only a quote is sent this way.';
  end if;
  perform public.lock_quote(p_id, array['draft'], 'sent');
  update public.quotes q set status = 'sent', sent_at = now(), updated_at = now() where q.id = p_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.set_reorder_level(p_product_id bigint, p_location_id bigint, p_reorder_point integer, p_order_up_to integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_product public.products;
  v_location text;
  v_old public.stock_levels;
begin
  select * into v_product from public.products p where p.id = p_product_id for no key update;
  if v_product.id is null then
    raise exception 'Product not found' using errcode = 'P0002';
  end if;
  if v_product.kind = 'service' then
    raise exception 'Services have no stock.' using errcode = 'P0001';
  end if;
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if v_location is null then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;
  insert into public.stock_levels (product_id, location_id) values (p_product_id, p_location_id) on conflict do nothing;
  select * into v_old from public.stock_levels s where s.product_id = p_product_id and s.location_id = p_location_id for update;
  if (v_old.reorder_point, v_old.order_up_to) is not distinct from (p_reorder_point, p_order_up_to) then
    return;
  end if;
  update public.stock_levels s set reorder_point = p_reorder_point, order_up_to = p_order_up_to
   where s.product_id = p_product_id and s.location_id = p_location_id;
  perform public.audit_record('updated', 'product', p_product_id, v_product.name,
    jsonb_build_object(
      'reorder_point at ' || v_location, jsonb_build_object('old', v_old.reorder_point, 'new', p_reorder_point),
      'order_up_to at ' || v_location, jsonb_build_object('old', v_old.order_up_to, 'new', p_order_up_to)),
    p_location_id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.ship_transfer(p_id bigint, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_transfer public.transfers;
  v_from text;
  v_to text;
  v_note text;
  v_shelf integer;
  v_lines jsonb := '{}'::jsonb;
  line record;
begin
  select * into v_transfer from public.transfers t where t.id = p_id for update;
  if not found then
    raise exception 'Transfer not found' using errcode = 'P0002';
  end if;
  if v_transfer.status <> 'draft' then
    raise exception 'Transfer % has already been %.', v_transfer.number, v_transfer.status using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.transfer_items x where x.transfer_id = p_id) then
    raise exception 'Add at least one product before shipping.' using errcode = 'WH422', hint = 'items';
  end if;
  select l.name into v_from from public.locations l where l.id = v_transfer.from_location_id;
  select l.name into v_to from public.locations l where l.id = v_transfer.to_location_id;
  v_note := v_transfer.number || ': ' || v_from || ' to ' || v_to;

  for line in
    select x.product_id, x.product_name, x.quantity from public.transfer_items x where x.transfer_id = p_id order by x.product_id
  loop
    perform 1 from public.products p where p.id = line.product_id for no key update;
    select s.quantity into v_shelf from public.stock_levels s
     where s.product_id = line.product_id and s.location_id = v_transfer.from_location_id;
    if coalesce(v_shelf, 0) < line.quantity then
      raise exception 'Not enough % at %: only % on the shelf, % to ship.', line.product_name, v_from, coalesce(v_shelf, 0), line.quantity
        using errcode = 'P0001';
    end if;
    perform public.move_stock(line.product_id, v_transfer.from_location_id, -line.quantity, 'transfer_out', v_note, p_user_id, 'Transfer', p_id);
    perform public.move_stock(line.product_id, v_transfer.to_location_id, line.quantity, 'in_transit', v_note, p_user_id, 'Transfer', p_id);
    v_lines := v_lines || jsonb_build_object(line.product_name, jsonb_build_object('old', null, 'new', line.quantity));
  end loop;

  update public.transfers t
     set status = 'shipped', shipped_by = p_user_id, shipped_at = now(), updated_at = now()
   where t.id = p_id;
  perform public.audit_record('shipped', 'transfer', p_id, v_transfer.number, v_lines, v_transfer.from_location_id,
    'location', v_transfer.to_location_id, v_to);
end;
$function$;

CREATE OR REPLACE FUNCTION public.sign_in_claim(p_address text, p_email text, p_address_limit integer, p_address_block interval, p_lock_after integer, p_lock_for interval)
 RETURNS TABLE(address_wait_seconds integer, user_id bigint, attempt integer, locked_seconds integer)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_failures integer;
  v_blocked_until timestamptz;
  v_user_id bigint;
  v_attempt integer;
  v_locked_until timestamptz;
begin
  perform public.sign_in_write_tallies();
  if p_address is not null then
    insert into public.sign_in_addresses as a (address, failures) values (p_address, 1)
    on conflict (address) do update set
      window_start = case when a.window_start <= now() - interval '1 minute' or a.blocked_until is not null then now() else a.window_start end,
      failures = case when a.window_start <= now() - interval '1 minute' or a.blocked_until is not null then 1 else a.failures + 1 end,
      blocked_until = null
    where a.blocked_until is null or a.blocked_until <= now()
    returning a.failures into v_failures;
    if v_failures is null then
      select a.blocked_until into v_blocked_until from public.sign_in_addresses a where a.address = p_address;
    elsif v_failures > p_address_limit then
      update public.sign_in_addresses a set blocked_until = now() + p_address_block where a.address = p_address
      returning a.blocked_until into v_blocked_until;
    end if;
    if v_blocked_until is not null then
      return query select greatest(1, ceil(extract(epoch from v_blocked_until - now())))::integer, null::bigint, null::integer, null::integer;
      return;
    end if;
  end if;

  select u.id into v_user_id from public.users u where lower(u.email) = lower(p_email);
  if v_user_id is null then
    insert into public.sign_in_addresses as a (address, unknown_since, unknown_failures, unknown_email)
    values (coalesce(p_address, ''), now(), 1, left(p_email, 255))
    on conflict (address) do update set
      unknown_since = coalesce(a.unknown_since, now()),
      unknown_failures = a.unknown_failures + 1,
      unknown_email = excluded.unknown_email;
    return query select null::integer, null::bigint, null::integer, null::integer;
    return;
  end if;

  update public.users u
     set failed_logins = case when u.locked_until <= now() then 1 else u.failed_logins + 1 end,
         locked_until = case
           when (case when u.locked_until <= now() then 1 else u.failed_logins + 1 end) >= p_lock_after then now() + p_lock_for
         end
   where u.id = v_user_id and (u.locked_until is null or u.locked_until <= now())
  returning u.failed_logins into v_attempt;
  if v_attempt is null then
    select u.locked_until into v_locked_until from public.users u where u.id = v_user_id;
    return query select null::integer, v_user_id, null::integer, greatest(1, ceil(extract(epoch from v_locked_until - now())))::integer;
    return;
  end if;
  return query select null::integer, v_user_id, v_attempt, null::integer;
end;
$function$;

CREATE OR REPLACE FUNCTION public.sign_in_write_tallies()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with due as (
    select a.address, a.unknown_since, a.unknown_failures, a.unknown_email
      from public.sign_in_addresses a
     where a.unknown_failures > 0 and a.unknown_since <= now() - interval '1 minute'
       for update skip locked
  ), cleared as (
    update public.sign_in_addresses a set unknown_failures = 0, unknown_since = null, unknown_email = null
      from due where a.address = due.address
  ), forgotten as (
    delete from public.sign_in_addresses a
     where a.window_start < now() - interval '1 day' and a.unknown_failures = 0
       and (a.blocked_until is null or a.blocked_until < now())
  )
  insert into public.audit_events (occurred_at, action, record_type, record_label, changes)
  select due.unknown_since, 'sign-in failed', 'user', due.unknown_email,
         jsonb_build_object('attempts', jsonb_build_object('old', null, 'new', due.unknown_failures),
                            'address', jsonb_build_object('old', null, 'new', nullif(due.address, '')))
    from due;
$function$;

CREATE OR REPLACE FUNCTION public.start_stock_count(p_location_id bigint, p_kind text, p_tire_brand_id bigint, p_battery_brand_id bigint, p_notes text, p_user_id bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_location text;
  v_label text;
  v_id bigint;
  v_number text;
  v_lines integer;
  v_other text;
  v_product text;
begin
  select l.name into v_location from public.locations l where l.id = p_location_id;
  if not found then
    raise exception 'The selected location does not exist' using errcode = 'WH422', hint = 'location_id';
  end if;
  if num_nonnulls(p_kind, p_tire_brand_id, p_battery_brand_id) > 1 then
    raise exception 'Count one product type or one brand, not both' using errcode = 'WH422', hint = 'scope';
  end if;
  if p_tire_brand_id is not null then
    select 'Tires: ' || b.name into v_label from public.tire_brands b where b.id = p_tire_brand_id;
    if not found then
      raise exception 'The selected tire brand does not exist' using errcode = 'WH422', hint = 'scope.tire_brand_id';
    end if;
  elsif p_battery_brand_id is not null then
    select 'Batteries: ' || b.name into v_label from public.battery_brands b where b.id = p_battery_brand_id;
    if not found then
      raise exception 'The selected battery brand does not exist' using errcode = 'WH422', hint = 'scope.battery_brand_id';
    end if;
  else
    v_label := case p_kind when 'tire' then 'Tires' when 'battery' then 'Batteries' when 'wiper' then 'Wiper blades'
                           when 'item' then 'Other items' else 'All products' end;
  end if;

  v_number := public.next_document_number('sc', current_date);
  insert into public.stock_counts (number, location_id, scope_kind, tire_brand_id, battery_brand_id, scope_label, notes, started_by)
  values (v_number, p_location_id, p_kind, p_tire_brand_id, p_battery_brand_id, v_label, p_notes, p_user_id)
  returning id into v_id;

  -- Goods of the scope that are active or still on the branch's shelf, with that shelf now. A product already in
  -- an open count at the branch breaks the key of the open products, also when that count is being saved now.
  begin
    insert into public.stock_count_lines (stock_count_id, product_id, location_id, snapshot)
    select v_id, p.id, p_location_id, coalesce(s.quantity, 0)
      from public.products p
      left join public.stock_levels s on s.product_id = p.id and s.location_id = p_location_id
     where p.kind <> 'service'
       and (p.active or s.quantity > 0)
       and (p_kind is null or p.kind = p_kind)
       and (p_tire_brand_id is null or p.id in (select t.product_id from public.tires t where t.tire_brand_id = p_tire_brand_id))
       and (p_battery_brand_id is null or p.id in (select b.product_id from public.batteries b where b.battery_brand_id = p_battery_brand_id))
     order by p.id;
    get diagnostics v_lines = row_count;
    insert into public.stock_count_open (location_id, product_id, stock_count_id)
    select p_location_id, l.product_id, v_id from public.stock_count_lines l where l.stock_count_id = v_id order by l.product_id;
  exception when unique_violation then
    select o.number, o.product into v_other, v_product from public.open_count_of(p_location_id, p_kind, p_tire_brand_id, p_battery_brand_id) o;
    raise exception '% is already being counted at % in count %: post or cancel that count first.', v_product, v_location, v_other
      using errcode = 'P0001';
  end;
  if v_lines = 0 then
    raise exception 'There is nothing to count in % at %.', lower(v_label), v_location using errcode = 'WH422', hint = 'scope';
  end if;
  update public.stock_counts c set lines = v_lines where c.id = v_id;

  perform public.audit_record('started', 'stock_count', v_id, v_number,
    jsonb_build_object('scope', jsonb_build_object('old', null, 'new', v_label),
                       'lines', jsonb_build_object('old', null, 'new', v_lines)),
    p_location_id);
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.stock_levels_keep_reorder()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_points integer := 0;
  v_low integer := 0;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_points := v_points - (old.reorder_point is not null)::integer;
    v_low := v_low - coalesce(old.quantity <= old.reorder_point, false)::integer;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    v_points := v_points + (new.reorder_point is not null)::integer;
    v_low := v_low + coalesce(new.quantity <= new.reorder_point, false)::integer;
  end if;
  if v_points <> 0 or v_low <> 0 then
    update public.products p
       set reorder_branches = p.reorder_branches + v_points, low_branches = p.low_branches + v_low
     where p.id = case when tg_op = 'DELETE' then old.product_id else new.product_id end;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.stock_state(p_active boolean, p_quantity integer, p_low_stock_at integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case when not p_active then null
              when p_quantity operator(pg_catalog.=) 0 then 'out'
              when public.is_low_stock(p_quantity, p_low_stock_at) then 'low'
              else 'in' end
$function$;

CREATE OR REPLACE FUNCTION public.store_credit_of(p_customer_id bigint)
 RETURNS numeric
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(case when r.type = 'refund' then r.amount else -r.amount end), 0)
    from public.receipts r
   where r.customer_id = p_customer_id and r.payment_method = 'store_credit'
$function$;

CREATE OR REPLACE FUNCTION public.tax_by_rate(p_lines jsonb, p_discount numeric)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with l as (select x.name, x.rate, x.total from jsonb_to_recordset(p_lines) as x(name text, rate numeric, total numeric)),
       s as (select sum(l.total) as subtotal from l),
       n as (select l.name, l.rate,
                    l.total - case when s.subtotal > 0 then coalesce(p_discount, 0) * l.total / s.subtotal else 0 end as taxable
               from l, s),
       g as (select n.name, n.rate, sum(n.taxable) as taxable, round(sum(n.taxable * n.rate / 100), 2) as tax
               from n group by n.name, n.rate)
  select coalesce(jsonb_agg(jsonb_build_object('name', g.name, 'rate', g.rate, 'taxable', round(g.taxable, 2), 'tax', g.tax)
                            order by g.rate desc, g.name), '[]'::jsonb)
    from g
$function$;

CREATE OR REPLACE FUNCTION public.tire_size_key(p_size text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select m[1] || m[2] || m[3]
    from regexp_match(lower(p_size), '(?:^|[^0-9])([0-9]{3})[\s/]*([0-9]{2})[\s/]*(?:z?r)?\s*([0-9]{2})(?:[^0-9]|$)') m
$function$;

CREATE OR REPLACE FUNCTION public.transfer_stock(p_product_id bigint, p_from_location_id bigint, p_to_location_id bigint, p_quantity integer, p_note text, p_user_id bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_quantity <= 0 then
    raise exception 'The quantity must be at least 1.' using errcode = 'P0001';
  end if;
  if p_from_location_id = p_to_location_id then
    raise exception 'Choose two different branches.' using errcode = 'P0001';
  end if;
  perform 1 from public.products p where p.id = p_product_id for no key update;
  insert into public.stock_levels (product_id, location_id)
  values (p_product_id, p_from_location_id), (p_product_id, p_to_location_id)
  on conflict do nothing;
  perform 1 from public.stock_levels s
   where s.product_id = p_product_id and s.location_id in (p_from_location_id, p_to_location_id)
   order by s.location_id
   for update;
  perform public.move_stock(p_product_id, p_from_location_id, -p_quantity, 'transfer_out', p_note, p_user_id);
  perform public.move_stock(p_product_id, p_to_location_id, p_quantity, 'transfer_in', p_note, p_user_id);
end;
$function$;

-- ---- Triggers ----

CREATE TRIGGER audit_events_append_only BEFORE DELETE OR UPDATE ON public.audit_events FOR EACH ROW WHEN ((old.txid <> pg_current_xact_id())) EXECUTE FUNCTION audit_events_refuse_change();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON public.audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
CREATE TRIGGER audit_batteries AFTER UPDATE ON public.batteries FOR EACH ROW EXECUTE FUNCTION audit_row('product');
CREATE TRIGGER audit_battery_brands AFTER INSERT OR DELETE OR UPDATE ON public.battery_brands FOR EACH ROW EXECUTE FUNCTION audit_row('battery_brand', 'name');
CREATE TRIGGER battery_brands_version BEFORE UPDATE ON public.battery_brands FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER core_moves_stock AFTER INSERT ON public.core_moves FOR EACH ROW EXECUTE FUNCTION core_moves_apply();
CREATE TRIGGER credit_note_items_core BEFORE INSERT ON public.credit_note_items FOR EACH ROW EXECUTE FUNCTION credit_note_items_core();
CREATE TRIGGER credit_note_items_tax BEFORE INSERT ON public.credit_note_items FOR EACH ROW EXECUTE FUNCTION credit_note_items_copy_tax();
CREATE TRIGGER audit_credit_notes AFTER INSERT OR DELETE ON public.credit_notes FOR EACH ROW EXECUTE FUNCTION audit_document('credit_note');
CREATE TRIGGER audit_credit_notes_update AFTER UPDATE ON public.credit_notes FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.notes IS DISTINCT FROM new.notes))) EXECUTE FUNCTION audit_document('credit_note');
CREATE TRIGGER credit_notes_balance_moves AFTER INSERT OR DELETE OR UPDATE OF status, issued_date, net_amount, document_type, document_id ON public.credit_notes FOR EACH ROW EXECUTE FUNCTION report_balance_part_changed();
CREATE TRIGGER credit_notes_cancel_cores AFTER UPDATE OF status ON public.credit_notes FOR EACH ROW WHEN (((old.status = 'issued'::text) AND (new.status = 'cancelled'::text))) EXECUTE FUNCTION credit_notes_cancel_cores();
CREATE TRIGGER credit_notes_closed_day BEFORE INSERT OR UPDATE OF issued_date, location_id ON public.credit_notes FOR EACH ROW EXECUTE FUNCTION documents_refuse_closed_day('issued_date');
CREATE CONSTRAINT TRIGGER credit_notes_counts_insert AFTER INSERT ON public.credit_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER credit_notes_counts_update AFTER UPDATE OF location_id, status ON public.credit_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((old.location_id IS DISTINCT FROM new.location_id) OR (old.status IS DISTINCT FROM new.status))) EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER credit_notes_version BEFORE UPDATE ON public.credit_notes FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_customers AFTER INSERT OR DELETE OR UPDATE ON public.customers FOR EACH ROW EXECUTE FUNCTION audit_row('customer', 'name');
CREATE TRIGGER customers_version BEFORE UPDATE ON public.customers FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_fee_rules AFTER INSERT OR DELETE OR UPDATE ON public.fee_rules FOR EACH ROW EXECUTE FUNCTION audit_row('fee_rule', 'name');
CREATE TRIGGER fee_rules_version BEFORE UPDATE ON public.fee_rules FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_inventory_items AFTER UPDATE ON public.inventory_items FOR EACH ROW EXECUTE FUNCTION audit_row('product');
CREATE TRIGGER inventory_items_low_stock_at AFTER INSERT OR UPDATE OF min_stock ON public.inventory_items FOR EACH ROW EXECUTE FUNCTION inventory_items_set_low_stock_at();
CREATE TRIGGER audit_invoice_items AFTER INSERT OR DELETE OR UPDATE ON public.invoice_items FOR EACH ROW EXECUTE FUNCTION audit_document_line('invoice', 'invoice_id', 'invoices');
CREATE TRIGGER invoice_items_report AFTER INSERT OR DELETE OR UPDATE ON public.invoice_items FOR EACH ROW EXECUTE FUNCTION report_sales_line_changed();
CREATE TRIGGER invoice_items_tire_lines AFTER INSERT OR DELETE OR UPDATE ON public.invoice_items FOR EACH ROW EXECUTE FUNCTION report_tire_line_changed();
CREATE TRIGGER audit_invoices AFTER INSERT OR DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION audit_document('invoice');
CREATE TRIGGER audit_invoices_update AFTER UPDATE ON public.invoices FOR EACH ROW WHEN (((((((((((old.status IS DISTINCT FROM new.status) OR (old.customer_id IS DISTINCT FROM new.customer_id)) OR (old.location_id IS DISTINCT FROM new.location_id)) OR (old.issued_date IS DISTINCT FROM new.issued_date)) OR (old.due_date IS DISTINCT FROM new.due_date)) OR (old.notes IS DISTINCT FROM new.notes)) OR (old.discount_amount IS DISTINCT FROM new.discount_amount)) OR (old.tax_amount IS DISTINCT FROM new.tax_amount)) OR (old.tax_rate IS DISTINCT FROM new.tax_rate)) OR (old.net_amount IS DISTINCT FROM new.net_amount))) EXECUTE FUNCTION audit_document('invoice');
CREATE TRIGGER audit_invoices_vehicle AFTER UPDATE ON public.invoices FOR EACH ROW WHEN (((old.vehicle_id IS DISTINCT FROM new.vehicle_id) OR (old.mileage IS DISTINCT FROM new.mileage))) EXECUTE FUNCTION audit_document('invoice');
CREATE TRIGGER invoices_balance_moves AFTER INSERT OR DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION report_balance_document_changed();
CREATE TRIGGER invoices_balance_moves_update AFTER UPDATE ON public.invoices FOR EACH ROW WHEN (((((((((old.status IS DISTINCT FROM new.status) OR (old.customer_id IS DISTINCT FROM new.customer_id)) OR (old.issued_date IS DISTINCT FROM new.issued_date)) OR (old.due_date IS DISTINCT FROM new.due_date)) OR (old.net_amount IS DISTINCT FROM new.net_amount)) OR (old.credited_amount IS DISTINCT FROM new.credited_amount)) OR (old.total_paid IS DISTINCT FROM new.total_paid)) OR (old.balance_due IS DISTINCT FROM new.balance_due))) EXECUTE FUNCTION report_balance_document_changed();
CREATE TRIGGER invoices_closed_day BEFORE INSERT OR UPDATE OF issued_date, location_id ON public.invoices FOR EACH ROW EXECUTE FUNCTION documents_refuse_closed_day('issued_date');
CREATE CONSTRAINT TRIGGER invoices_counts_delete AFTER DELETE ON public.invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER invoices_counts_insert AFTER INSERT ON public.invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER invoices_counts_update AFTER UPDATE OF location_id, status, payment_status ON public.invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((old.location_id IS DISTINCT FROM new.location_id) OR (old.status IS DISTINCT FROM new.status) OR (old.payment_status IS DISTINCT FROM new.payment_status))) EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER invoices_report BEFORE DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION report_sales_document_changed();
CREATE TRIGGER invoices_report_write AFTER INSERT OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION report_sales_document_changed();
CREATE TRIGGER invoices_tire_lines AFTER INSERT OR DELETE OR UPDATE OF status, issued_date ON public.invoices FOR EACH ROW EXECUTE FUNCTION report_tire_document_changed();
CREATE TRIGGER invoices_version BEFORE UPDATE ON public.invoices FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_locations AFTER INSERT OR DELETE OR UPDATE ON public.locations FOR EACH ROW EXECUTE FUNCTION audit_row('location', 'name');
CREATE TRIGGER locations_version BEFORE UPDATE ON public.locations FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_made_ins AFTER INSERT OR DELETE OR UPDATE ON public.made_ins FOR EACH ROW EXECUTE FUNCTION audit_row('made_in', 'name');
CREATE TRIGGER made_ins_version BEFORE UPDATE ON public.made_ins FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_patterns AFTER INSERT OR DELETE OR UPDATE ON public.patterns FOR EACH ROW EXECUTE FUNCTION audit_row('pattern', 'name');
CREATE TRIGGER patterns_product_names AFTER UPDATE OF name ON public.patterns FOR EACH ROW WHEN ((old.name IS DISTINCT FROM new.name)) EXECUTE FUNCTION refresh_product_names();
CREATE TRIGGER patterns_version BEFORE UPDATE ON public.patterns FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_products AFTER INSERT OR DELETE ON public.products FOR EACH ROW EXECUTE FUNCTION audit_row('product', 'name');
CREATE TRIGGER audit_products_update AFTER UPDATE ON public.products FOR EACH ROW WHEN (((((((((((old.kind IS DISTINCT FROM new.kind) OR (old.cost_price IS DISTINCT FROM new.cost_price)) OR (old.selling_price IS DISTINCT FROM new.selling_price)) OR (old.active IS DISTINCT FROM new.active)) OR (old.notes IS DISTINCT FROM new.notes)) OR (old.tax_rate_id IS DISTINCT FROM new.tax_rate_id)) OR (old.tax_exempt IS DISTINCT FROM new.tax_exempt)) OR (old.barcode IS DISTINCT FROM new.barcode)) OR (old.preferred_supplier_id IS DISTINCT FROM new.preferred_supplier_id)) OR ((old.kind <> ALL (ARRAY['tire'::text, 'wiper'::text])) AND (old.name IS DISTINCT FROM new.name)))) EXECUTE FUNCTION audit_row('product', 'name');
CREATE TRIGGER products_leave_counts BEFORE DELETE ON public.products FOR EACH ROW EXECUTE FUNCTION products_leave_counts();
CREATE TRIGGER products_report BEFORE DELETE ON public.products FOR EACH ROW EXECUTE FUNCTION report_product_leaves();
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name ON public.products FOR EACH ROW EXECUTE FUNCTION products_set_search_text();
CREATE TRIGGER products_totals_delete AFTER DELETE ON public.products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_keep_totals();
CREATE TRIGGER products_totals_insert AFTER INSERT ON public.products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_keep_totals();
CREATE TRIGGER products_totals_update AFTER UPDATE ON public.products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_keep_totals();
CREATE TRIGGER products_version BEFORE UPDATE ON public.products FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER products_words AFTER INSERT OR UPDATE OF name, search_text ON public.products FOR EACH ROW EXECUTE FUNCTION products_write_words();
CREATE TRIGGER audit_purchase_items AFTER INSERT OR DELETE OR UPDATE ON public.purchase_items FOR EACH ROW EXECUTE FUNCTION audit_document_line('purchase', 'purchase_id', 'purchases');
CREATE TRIGGER purchase_items_report AFTER INSERT OR DELETE OR UPDATE ON public.purchase_items FOR EACH ROW EXECUTE FUNCTION report_purchase_line_changed();
CREATE TRIGGER audit_purchases AFTER INSERT OR DELETE ON public.purchases FOR EACH ROW EXECUTE FUNCTION audit_document('purchase');
CREATE TRIGGER audit_purchases_update AFTER UPDATE ON public.purchases FOR EACH ROW WHEN (((((((((((((old.status IS DISTINCT FROM new.status) OR (old.supplier_id IS DISTINCT FROM new.supplier_id)) OR (old.location_id IS DISTINCT FROM new.location_id)) OR (old.purchase_date IS DISTINCT FROM new.purchase_date)) OR (old.expected_delivery_date IS DISTINCT FROM new.expected_delivery_date)) OR (old.actual_delivery_date IS DISTINCT FROM new.actual_delivery_date)) OR (old.reference_number IS DISTINCT FROM new.reference_number)) OR (old.notes IS DISTINCT FROM new.notes)) OR (old.discount_amount IS DISTINCT FROM new.discount_amount)) OR (old.tax_amount IS DISTINCT FROM new.tax_amount)) OR (old.tax_rate IS DISTINCT FROM new.tax_rate)) OR (old.net_amount IS DISTINCT FROM new.net_amount))) EXECUTE FUNCTION audit_document('purchase');
CREATE TRIGGER purchases_balance_moves AFTER INSERT OR DELETE ON public.purchases FOR EACH ROW EXECUTE FUNCTION report_balance_document_changed();
CREATE TRIGGER purchases_balance_moves_update AFTER UPDATE ON public.purchases FOR EACH ROW WHEN ((((((((old.status IS DISTINCT FROM new.status) OR (old.supplier_id IS DISTINCT FROM new.supplier_id)) OR (old.purchase_date IS DISTINCT FROM new.purchase_date)) OR (old.expected_delivery_date IS DISTINCT FROM new.expected_delivery_date)) OR (old.net_amount IS DISTINCT FROM new.net_amount)) OR (old.total_paid IS DISTINCT FROM new.total_paid)) OR (old.balance_due IS DISTINCT FROM new.balance_due))) EXECUTE FUNCTION report_balance_document_changed();
CREATE TRIGGER purchases_closed_day BEFORE INSERT OR UPDATE OF purchase_date, location_id ON public.purchases FOR EACH ROW EXECUTE FUNCTION documents_refuse_closed_day('purchase_date');
CREATE CONSTRAINT TRIGGER purchases_counts_delete AFTER DELETE ON public.purchases DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER purchases_counts_insert AFTER INSERT ON public.purchases DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER purchases_counts_update AFTER UPDATE OF location_id, status, payment_status ON public.purchases DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((old.location_id IS DISTINCT FROM new.location_id) OR (old.status IS DISTINCT FROM new.status) OR (old.payment_status IS DISTINCT FROM new.payment_status))) EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER purchases_report BEFORE DELETE ON public.purchases FOR EACH ROW EXECUTE FUNCTION report_purchase_changed();
CREATE TRIGGER purchases_report_write AFTER INSERT OR UPDATE ON public.purchases FOR EACH ROW EXECUTE FUNCTION report_purchase_changed();
CREATE TRIGGER purchases_version BEFORE UPDATE ON public.purchases FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_quote_items AFTER INSERT OR DELETE OR UPDATE ON public.quote_items FOR EACH ROW EXECUTE FUNCTION audit_document_line('quote', 'quote_id', 'quotes');
CREATE TRIGGER audit_quotes AFTER INSERT OR DELETE ON public.quotes FOR EACH ROW EXECUTE FUNCTION audit_document('quote');
CREATE TRIGGER audit_quotes_update AFTER UPDATE ON public.quotes FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (old.customer_id IS DISTINCT FROM new.customer_id) OR (old.location_id IS DISTINCT FROM new.location_id) OR (old.issued_date IS DISTINCT FROM new.issued_date) OR (old.valid_until IS DISTINCT FROM new.valid_until) OR (old.notes IS DISTINCT FROM new.notes) OR (old.discount_amount IS DISTINCT FROM new.discount_amount) OR (old.tax_amount IS DISTINCT FROM new.tax_amount) OR (old.net_amount IS DISTINCT FROM new.net_amount))) EXECUTE FUNCTION audit_document('quote');
CREATE TRIGGER audit_quotes_vehicle AFTER UPDATE ON public.quotes FOR EACH ROW WHEN (((old.vehicle_id IS DISTINCT FROM new.vehicle_id) OR (old.mileage IS DISTINCT FROM new.mileage))) EXECUTE FUNCTION audit_document('quote');
CREATE TRIGGER quotes_carry_vehicle AFTER UPDATE OF converted_id ON public.quotes FOR EACH ROW WHEN (((new.converted_id IS NOT NULL) AND (old.converted_id IS NULL) AND (new.vehicle_id IS NOT NULL))) EXECUTE FUNCTION quotes_carry_vehicle();
CREATE TRIGGER quotes_closed_day BEFORE INSERT OR UPDATE OF issued_date, location_id ON public.quotes FOR EACH ROW EXECUTE FUNCTION documents_refuse_closed_day('issued_date');
CREATE CONSTRAINT TRIGGER quotes_counts_delete AFTER DELETE ON public.quotes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER quotes_counts_insert AFTER INSERT ON public.quotes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER quotes_counts_update AFTER UPDATE OF location_id, status, payment_status ON public.quotes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((old.location_id IS DISTINCT FROM new.location_id) OR (old.status IS DISTINCT FROM new.status) OR (old.payment_status IS DISTINCT FROM new.payment_status))) EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER quotes_valid_until BEFORE INSERT OR UPDATE OF valid_until, issued_date ON public.quotes FOR EACH ROW EXECUTE FUNCTION quotes_set_valid_until();
CREATE TRIGGER quotes_version BEFORE UPDATE ON public.quotes FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_receipts AFTER INSERT OR DELETE ON public.receipts FOR EACH ROW EXECUTE FUNCTION audit_receipt();
CREATE TRIGGER receipts_balance_moves AFTER INSERT OR DELETE OR UPDATE ON public.receipts FOR EACH ROW EXECUTE FUNCTION report_balance_part_changed();
CREATE TRIGGER receipts_closed_day BEFORE INSERT OR DELETE OR UPDATE ON public.receipts FOR EACH ROW EXECUTE FUNCTION receipts_refuse_closed_day();
CREATE TRIGGER receipts_report AFTER INSERT OR DELETE OR UPDATE ON public.receipts FOR EACH ROW EXECUTE FUNCTION report_receipt_changed();
CREATE CONSTRAINT TRIGGER receipts_totals_delete AFTER DELETE ON public.receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION receipt_totals_apply();
CREATE CONSTRAINT TRIGGER receipts_totals_insert AFTER INSERT ON public.receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION receipt_totals_apply();
CREATE CONSTRAINT TRIGGER receipts_totals_update AFTER UPDATE OF receiptable_type, type, payment_method, amount ON public.receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION receipt_totals_apply();
CREATE CONSTRAINT TRIGGER report_pending_fold AFTER INSERT OR UPDATE ON public.report_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_fold();
CREATE TRIGGER audit_sale_items AFTER INSERT OR DELETE OR UPDATE ON public.sale_items FOR EACH ROW EXECUTE FUNCTION audit_document_line('sale', 'sale_id', 'sales');
CREATE TRIGGER sale_items_report AFTER INSERT OR DELETE OR UPDATE ON public.sale_items FOR EACH ROW EXECUTE FUNCTION report_sales_line_changed();
CREATE TRIGGER sale_items_tire_lines AFTER INSERT OR DELETE OR UPDATE ON public.sale_items FOR EACH ROW EXECUTE FUNCTION report_tire_line_changed();
CREATE TRIGGER audit_sales AFTER INSERT OR DELETE ON public.sales FOR EACH ROW EXECUTE FUNCTION audit_document('sale');
CREATE TRIGGER audit_sales_update AFTER UPDATE ON public.sales FOR EACH ROW WHEN (((((((((((old.status IS DISTINCT FROM new.status) OR (old.customer_id IS DISTINCT FROM new.customer_id)) OR (old.location_id IS DISTINCT FROM new.location_id)) OR (old.sale_date IS DISTINCT FROM new.sale_date)) OR (old.payment_method IS DISTINCT FROM new.payment_method)) OR (old.notes IS DISTINCT FROM new.notes)) OR (old.discount_amount IS DISTINCT FROM new.discount_amount)) OR (old.tax_amount IS DISTINCT FROM new.tax_amount)) OR (old.tax_rate IS DISTINCT FROM new.tax_rate)) OR (old.net_amount IS DISTINCT FROM new.net_amount))) EXECUTE FUNCTION audit_document('sale');
CREATE TRIGGER audit_sales_vehicle AFTER UPDATE ON public.sales FOR EACH ROW WHEN (((old.vehicle_id IS DISTINCT FROM new.vehicle_id) OR (old.mileage IS DISTINCT FROM new.mileage))) EXECUTE FUNCTION audit_document('sale');
CREATE TRIGGER sales_balance_moves AFTER INSERT OR DELETE ON public.sales FOR EACH ROW EXECUTE FUNCTION report_balance_document_changed();
CREATE TRIGGER sales_balance_moves_update AFTER UPDATE ON public.sales FOR EACH ROW WHEN ((((((((old.status IS DISTINCT FROM new.status) OR (old.customer_id IS DISTINCT FROM new.customer_id)) OR (old.sale_date IS DISTINCT FROM new.sale_date)) OR (old.net_amount IS DISTINCT FROM new.net_amount)) OR (old.credited_amount IS DISTINCT FROM new.credited_amount)) OR (old.total_paid IS DISTINCT FROM new.total_paid)) OR (old.balance_due IS DISTINCT FROM new.balance_due))) EXECUTE FUNCTION report_balance_document_changed();
CREATE TRIGGER sales_closed_day BEFORE INSERT OR UPDATE OF sale_date, location_id ON public.sales FOR EACH ROW EXECUTE FUNCTION documents_refuse_closed_day('sale_date');
CREATE CONSTRAINT TRIGGER sales_counts_delete AFTER DELETE ON public.sales DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER sales_counts_insert AFTER INSERT ON public.sales DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE CONSTRAINT TRIGGER sales_counts_update AFTER UPDATE OF location_id, status, payment_status ON public.sales DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (((old.location_id IS DISTINCT FROM new.location_id) OR (old.status IS DISTINCT FROM new.status) OR (old.payment_status IS DISTINCT FROM new.payment_status))) EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER sales_report BEFORE DELETE ON public.sales FOR EACH ROW EXECUTE FUNCTION report_sales_document_changed();
CREATE TRIGGER sales_report_write AFTER INSERT OR UPDATE ON public.sales FOR EACH ROW EXECUTE FUNCTION report_sales_document_changed();
CREATE TRIGGER sales_tire_lines AFTER INSERT OR DELETE OR UPDATE OF status, sale_date ON public.sales FOR EACH ROW EXECUTE FUNCTION report_tire_document_changed();
CREATE TRIGGER sales_version BEFORE UPDATE ON public.sales FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_settings AFTER UPDATE ON public.settings FOR EACH ROW EXECUTE FUNCTION audit_row('settings', 'shop_name');
CREATE TRIGGER settings_version BEFORE UPDATE ON public.settings FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER stock_levels_reorder AFTER INSERT OR DELETE OR UPDATE OF quantity, reorder_point ON public.stock_levels FOR EACH ROW EXECUTE FUNCTION stock_levels_keep_reorder();
CREATE TRIGGER stock_levels_report_delete AFTER DELETE ON public.stock_levels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_levels_changed();
CREATE TRIGGER stock_levels_report_insert AFTER INSERT ON public.stock_levels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_levels_changed();
CREATE TRIGGER stock_levels_report_update AFTER UPDATE ON public.stock_levels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stock_levels_changed();
CREATE TRIGGER audit_stock_moves AFTER INSERT ON public.stock_moves FOR EACH ROW WHEN ((new.document_type IS NULL)) EXECUTE FUNCTION audit_stock_move();
CREATE TRIGGER audit_supplier_returns AFTER INSERT OR DELETE ON public.supplier_returns FOR EACH ROW EXECUTE FUNCTION audit_document('supplier_return');
CREATE TRIGGER supplier_returns_balance_moves AFTER INSERT OR DELETE OR UPDATE OF status, issued_date, net_amount, document_id ON public.supplier_returns FOR EACH ROW EXECUTE FUNCTION report_balance_part_changed();
CREATE TRIGGER supplier_returns_closed_day BEFORE INSERT OR UPDATE OF issued_date, location_id ON public.supplier_returns FOR EACH ROW EXECUTE FUNCTION documents_refuse_closed_day('issued_date');
CREATE CONSTRAINT TRIGGER supplier_returns_counts_insert AFTER INSERT ON public.supplier_returns DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_counts_apply();
CREATE TRIGGER supplier_returns_version BEFORE UPDATE ON public.supplier_returns FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_suppliers AFTER INSERT OR DELETE OR UPDATE ON public.suppliers FOR EACH ROW EXECUTE FUNCTION audit_row('supplier', 'name');
CREATE TRIGGER suppliers_version BEFORE UPDATE ON public.suppliers FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_tags AFTER INSERT OR DELETE OR UPDATE ON public.tags FOR EACH ROW EXECUTE FUNCTION audit_row('tag', 'name');
CREATE TRIGGER tags_version BEFORE UPDATE ON public.tags FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_tax_rates AFTER INSERT OR DELETE OR UPDATE ON public.tax_rates FOR EACH ROW EXECUTE FUNCTION audit_row('tax_rate', 'name');
CREATE TRIGGER tax_rates_version BEFORE UPDATE ON public.tax_rates FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_tire_brands AFTER INSERT OR DELETE OR UPDATE ON public.tire_brands FOR EACH ROW EXECUTE FUNCTION audit_row('tire_brand', 'name');
CREATE TRIGGER tire_brands_product_names AFTER UPDATE OF name ON public.tire_brands FOR EACH ROW WHEN ((old.name IS DISTINCT FROM new.name)) EXECUTE FUNCTION refresh_product_names();
CREATE TRIGGER tire_brands_version BEFORE UPDATE ON public.tire_brands FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_tire_types AFTER INSERT OR DELETE OR UPDATE ON public.tire_types FOR EACH ROW EXECUTE FUNCTION audit_row('tire_type', 'name');
CREATE TRIGGER tire_types_version BEFORE UPDATE ON public.tire_types FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_tires AFTER UPDATE ON public.tires FOR EACH ROW EXECUTE FUNCTION audit_row('product');
CREATE TRIGGER tires_product_names AFTER INSERT OR UPDATE ON public.tires FOR EACH ROW EXECUTE FUNCTION refresh_product_names();
CREATE TRIGGER audit_transfer_items AFTER INSERT OR DELETE ON public.transfer_items FOR EACH ROW EXECUTE FUNCTION audit_transfer_line();
CREATE TRIGGER audit_transfer_items_update AFTER UPDATE ON public.transfer_items FOR EACH ROW WHEN (((old.quantity IS DISTINCT FROM new.quantity) OR (old.product_id IS DISTINCT FROM new.product_id))) EXECUTE FUNCTION audit_transfer_line();
CREATE TRIGGER audit_transfers AFTER INSERT OR DELETE ON public.transfers FOR EACH ROW EXECUTE FUNCTION audit_transfer();
CREATE TRIGGER audit_transfers_update AFTER UPDATE ON public.transfers FOR EACH ROW WHEN ((old.status = new.status)) EXECUTE FUNCTION audit_transfer();
CREATE TRIGGER transfers_version BEFORE UPDATE ON public.transfers FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_users AFTER INSERT OR DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'name');
CREATE TRIGGER audit_users_update AFTER UPDATE ON public.users FOR EACH ROW WHEN ((((((old.name IS DISTINCT FROM new.name) OR (old.email IS DISTINCT FROM new.email)) OR (old.role IS DISTINCT FROM new.role)) OR (old.is_active IS DISTINCT FROM new.is_active)) OR (old.home_location_id IS DISTINCT FROM new.home_location_id))) EXECUTE FUNCTION audit_row('user', 'name');
CREATE TRIGGER users_version BEFORE UPDATE ON public.users FOR EACH ROW WHEN (((((((old.name IS DISTINCT FROM new.name) OR (old.email IS DISTINCT FROM new.email)) OR (old.role IS DISTINCT FROM new.role)) OR (old.is_active IS DISTINCT FROM new.is_active)) OR (old.home_location_id IS DISTINCT FROM new.home_location_id)) OR (old.must_change_password IS DISTINCT FROM new.must_change_password))) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_vehicles AFTER INSERT OR DELETE OR UPDATE ON public.vehicles FOR EACH ROW EXECUTE FUNCTION audit_row('vehicle', 'plate');
CREATE TRIGGER vehicles_version BEFORE UPDATE ON public.vehicles FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION bump_version();
CREATE TRIGGER audit_wipers AFTER UPDATE ON public.wipers FOR EACH ROW EXECUTE FUNCTION audit_row('product');
CREATE TRIGGER wipers_product_names AFTER INSERT OR UPDATE ON public.wipers FOR EACH ROW EXECUTE FUNCTION refresh_product_names();
