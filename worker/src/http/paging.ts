import { z } from 'zod';
import type { Page } from '../schemas/paging.ts';

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const listQuery = z.object({
  page: wholeNumber('Page', 1, 1_000_000).default(1),
  per_page: wholeNumber('Per page', 1, 100).default(20),
  search: z.string().trim().max(200, 'Search must be at most 200 characters').default(''),
});
export type ListQuery = z.output<typeof listQuery>;

export function offsetOf(query: ListQuery): number {
  return (query.page - 1) * query.per_page;
}

export function toPage<T>(data: T[], total: number, query: ListQuery): Page<T> {
  return {
    data,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}
