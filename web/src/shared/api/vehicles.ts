import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '@schemas/paging';
import type { DocumentVehicle, Vehicle, VehicleVisit, vehicleInput } from '@schemas/vehicles';
import { api } from './client';

export type VehicleInput = z.input<typeof vehicleInput>;

export const vehicleKeys = {
  all: ['vehicles'] as const,
  ofCustomer: (customerId: number | string) => ['vehicles', 'customer', String(customerId)] as const,
  search: (search: string, perPage: number) => ['vehicles', 'search', search, perPage] as const,
  detail: (id: number | string) => ['vehicles', 'detail', String(id)] as const,
  history: (id: number | string, page: number) => ['vehicles', 'history', String(id), page] as const,
};

/** A customer's vehicles (a customer has a few: the first hundred). */
export const customerVehiclesQuery = (customerId: number | string) =>
  queryOptions({
    queryKey: vehicleKeys.ofCustomer(customerId),
    queryFn: ({ signal }) => api.get<Page<Vehicle>>(`/customers/${customerId}/vehicles`, { params: { per_page: 100 }, signal }),
  });

/** Vehicles whose plate or VIN holds the text. */
export const vehicleSearchQuery = (search: string, perPage: number) =>
  queryOptions({
    queryKey: vehicleKeys.search(search, perPage),
    queryFn: ({ signal }) => api.get<Page<Vehicle>>('/vehicles', { params: { search, per_page: perPage }, signal }),
  });

export const vehicleQuery = (id: number | string) =>
  queryOptions({ queryKey: vehicleKeys.detail(id), queryFn: ({ signal }) => api.get<Vehicle>(`/vehicles/${id}`, { signal }) });

export const vehicleHistoryQuery = (id: number | string, page: number) =>
  queryOptions({
    queryKey: vehicleKeys.history(id, page),
    queryFn: ({ signal }) => api.get<Page<VehicleVisit>>(`/vehicles/${id}/history`, { params: { page, per_page: 20 }, signal }),
  });

/** Adding a vehicle to a customer, and changing or deleting one; every vehicle list is read again after. */
export function useVehicleMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
  return {
    create: useMutation({
      mutationFn: ({ customerId, input }: { customerId: number; input: VehicleInput }) => api.post<Vehicle>(`/customers/${customerId}/vehicles`, input),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, input, version }: { id: number; input: VehicleInput; version: number }) => api.put<Vehicle>(`/vehicles/${id}`, input, { version }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/vehicles/${id}`), onSuccess: refresh }),
  };
}

/** 'AB 123 CD · Toyota Corolla 2018'. */
export function vehicleText(vehicle: Pick<DocumentVehicle, 'plate' | 'make' | 'model' | 'year'>): string {
  const car = [vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' ');
  return car ? `${vehicle.plate} · ${car}` : vehicle.plate;
}

/** 48200 → '48,200'. */
export const mileageText = (mileage: number) => mileage.toLocaleString('en-US');
