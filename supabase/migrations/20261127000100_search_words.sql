-- Product searches read words. A product's search text becomes its words (name, DOT, origin), each
-- lower case without punctuation: 'michelin primacy 4 205 55 r 16 3625 france'. A word typed is
-- found inside one of them ("prim", "chelin", "nfera" for N'Fera); a tire size typed as three numbers
-- matches the tire's size key ('2055516' for 205/55 R16 or ZR16), which a btree serves in name order.
--
-- product_words holds each product's words with its name for sorting, so a picker finds the first
-- products by name that hold a word without reading every product that holds it ("michelin" is in
-- thousands); search_words is every word ever written there, to expand a typed word to the words
-- that contain it. Words no product uses any more stay in search_words, which only costs a lookup.

alter table public.products add column size_key text;

create or replace function public.product_search_text(p_name text, p_extra text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select coalesce(string_agg(w, ' ' order by s.n), '')
    from regexp_split_to_table(lower(concat_ws(' ', p_name, p_extra)), '\s+') with ordinality s(token, n),
         regexp_replace(s.token, '[^a-z0-9]', '', 'g') w
   where w <> ''
$$;

-- '205 / 55 R 16', '205/55ZR16 91W' -> '2055516'; null when the text holds no such size.
create function public.tire_size_key(p_size text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select m[1] || m[2] || m[3]
    from regexp_match(lower(p_size), '(?:^|[^0-9])([0-9]{3})[\s/]*([0-9]{2})[\s/]*(?:z?r)?\s*([0-9]{2})(?:[^0-9]|$)') m
$$;
revoke execute on function public.tire_size_key(text) from public;

create or replace function public.products_set_search_text()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_tire record;
begin
  select t.dot, t.made_in, t.size into v_tire from public.tires t where t.product_id = new.id;
  new.search_text := public.product_search_text(new.name, concat_ws(' ', v_tire.dot, v_tire.made_in));
  new.size_key := public.tire_size_key(v_tire.size);
  return new;
end;
$$;

create table public.product_words (
  product_id bigint not null references public.products (id) on delete cascade,
  word text not null,
  name_key text not null,
  primary key (product_id, word)
);
alter table public.product_words enable row level security;

create table public.search_words (
  word text primary key
);
alter table public.search_words enable row level security;

-- Words in one order, so two products saved at once never wait on each other's new words in turn.
create function public.products_write_words()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
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
$$;
revoke execute on function public.products_write_words() from public;

-- Today's rows, with the search index rebuilt once instead of updated row by row.
drop index public.products_search_text_idx;
update public.products p
   set search_text = public.product_search_text(p.name, (select concat_ws(' ', t.dot, t.made_in) from public.tires t where t.product_id = p.id)),
       size_key = (select public.tire_size_key(t.size) from public.tires t where t.product_id = p.id);
insert into public.product_words (product_id, word, name_key)
select distinct p.id, w, lower(p.name) from public.products p, regexp_split_to_table(p.search_text, ' ') w where w <> '';
insert into public.search_words (word) select distinct word from public.product_words;

create trigger products_words after insert or update of name, search_text on public.products
for each row execute function public.products_write_words();

create index products_search_text_idx on public.products using gin (search_text gin_trgm_ops);
create index products_size_idx on public.products (size_key, lower(name), id) include (kind, active, selling_price, total_stock)
  where size_key is not null;
-- The picker's search for a word too short to lead (a letter, "16") reads products in name order.
create index products_active_name_idx on public.products (lower(name), id) where active;
create index product_words_word_idx on public.product_words (word, name_key, product_id);
create index search_words_trgm_idx on public.search_words using gin (word gin_trgm_ops);
