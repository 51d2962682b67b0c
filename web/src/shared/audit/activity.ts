import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ACTIVITY_RECORD_TYPES, AuditEvent } from '@schemas/audit';
import type { Page } from '@schemas/paging';
import { api } from '../api/client';

export type ActivityRecordType = (typeof ACTIVITY_RECORD_TYPES)[number];

export const ACTIVITY_PAGE_SIZE = 10;

/** Every record's activity: a change anywhere refreshes what is shown. */
export const activityKeys = { all: ['activity'] as const };

/** A record's events and those of records that belong to it, newest first: GET /api/activity. */
export const activityQuery = (recordType: ActivityRecordType, recordId: number | string, page: number) =>
  queryOptions({
    queryKey: [...activityKeys.all, recordType, String(recordId), page] as const,
    queryFn: ({ signal }) =>
      api.get<Page<AuditEvent>>('/activity', {
        params: { record_type: recordType, record_id: recordId, page, per_page: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
