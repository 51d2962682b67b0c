/**
 * `{id, name}` of the row of `table` whose id is `id` (SQL), or null: a subquery, which keeps a list's
 * join order cheap to plan. PostgreSQL reads a small lookup table from its start rather than through
 * its index; `limit 1` has it stop at the row found.
 */
export const lookupNamed = (table: string, id: string) =>
  `(select json_build_object('id', x.id, 'name', x.name) from public.${table} x where x.id = ${id} limit 1)`;

/** `{id, name}` of a joined row, or null when the join found nothing. */
export const named = (alias: string, id = `${alias}.id`) =>
  `case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${alias}.name) end`;
