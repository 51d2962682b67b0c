import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@schemas/reports';
import type { DayCloseToday } from '@schemas/day-closes';
import { api } from '../../shared/api/client';
import { unlessJustAsked } from '../../shared/routes/justAsked';

export type { Dashboard };

export type ActivityType = Dashboard['recent_activity'][number]['type'];

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (locationId: string) => [...dashboardKeys.all, locationId] as const,
};

/** Every figure of the dashboard in one request (GET /api/dashboard), for one branch or all. */
export const dashboardQuery = (locationId: string) =>
  queryOptions({
    queryKey: dashboardKeys.figures(locationId),
    // Money owed and sold changes with every document: read it afresh each time the screen opens.
    staleTime: 0,
    refetchOnMount: unlessJustAsked,
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', { params: { location_id: locationId }, signal }),
  });

export type { DayCloseToday };

/** Each branch's close of the day: closed or not, over or short. */
export const todaysClosesQuery = (date: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'day-closes', date] as const,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<DayCloseToday[]>('/day-closes/today', { params: { date }, signal }),
  });
