import { queryOptions } from '@tanstack/react-query';
import type { AuditEvent } from '@schemas/audit';
import type { Page } from '@schemas/paging';
import type { User } from '@schemas/users';
import { api } from '../../shared/api/client';

/** A page of the trail; past 10,000 matches the total stops counting and says so. */
export type AuditPage = Page<AuditEvent> & { total_capped: boolean };

export const AUDIT_FILTERS = ['user_id', 'record_type', 'action', 'date_from', 'date_to'] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTERS)[number], string>;

export const auditKeys = {
  all: ['audit-events'] as const,
  list: (filters: AuditFilters, page: number) => [...auditKeys.all, 'list', { ...filters, page }] as const,
  users: () => [...auditKeys.all, 'users'] as const,
};

export const auditQueries = {
  list: (filters: AuditFilters, page: number) =>
    queryOptions({
      queryKey: auditKeys.list(filters, page),
      queryFn: ({ signal }) => api.get<AuditPage>('/audit-events', { params: { ...filters, page, per_page: 25 }, signal }),
    }),
  /** Who can be picked in the filter: the first 100 accounts. */
  users: () =>
    queryOptions({
      queryKey: auditKeys.users(),
      queryFn: ({ signal }) => api.get<Page<User>>('/users', { params: { per_page: 100 }, signal }),
      staleTime: 60_000,
    }),
};

export const exportAuditEvents = (filters: AuditFilters) => api.download('/audit-events/export', filters);
