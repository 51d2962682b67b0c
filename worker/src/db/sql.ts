/** `{id, name}` of a joined row, or null when the join found nothing. */
export const named = (alias: string, id = `${alias}.id`) =>
  `case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${alias}.name) end`;
