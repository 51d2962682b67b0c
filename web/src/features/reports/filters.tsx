import { pageOf, useAddress } from '../../shared/hooks/useListSearch';
import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../../shared/api/lookups';
import { Field } from '../../shared/forms/Field';
import { useTypedFilter } from '../../shared/hooks/useDebounced';
import { SelectField } from '../../shared/ui/SelectField';
import type { PeriodFilters } from './api';
import { GROUP_OPTIONS } from './format';

/**
 * A report's filters kept in the address, so Back, a reload and a shared link show the same report.
 * Setting one goes back to the first page of the lists it names (`pageParams`).
 */
export function useReportParams(pageParams: string[] = ['page']) {
  const [params, setParams] = useAddress();
  const get = (name: string) => params.get(name) ?? '';
  const set = (name: string, value: string, resetPages = pageParams) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      for (const page of resetPages) if (page !== name) next.delete(page);
      return next;
    });
  const page = (name = 'page') => pageOf(params, name);
  const setPage = (value: number, name = 'page') => set(name, value > 1 ? String(value) : '', []);
  return { get, set, page, setPage };
}

/** A pick list of a lookup (locations, suppliers, tire brands) with an 'all' choice first. */
export function LookupFilter({ path, name, label, all, value, onChange }: { path: string; name: string; label: string; all: string; value: string; onChange: (value: string) => void }) {
  const rows = useQuery(lookupQuery(path));
  const options = (rows.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  // A link naming a branch the list does not hold still shows which one is asked for.
  if (value && rows.data && !options.some((option) => option.value === value)) options.push({ value, label: `#${value}` });
  return (
    <SelectField
      name={name}
      label={label}
      value={value}
      placeholder={all}
      options={options}
      onChange={onChange}
      hint={rows.isError ? `The ${label.toLowerCase()} list could not be loaded.` : undefined}
    />
  );
}

/** The name a lookup filter's value stands for, for the printed page and file names. */
export function useLookupName(path: string, value: string, all: string): string {
  const rows = useQuery(lookupQuery(path));
  if (!value) return all;
  return rows.data?.find((row) => String(row.id) === value)?.name ?? `#${value}`;
}

/** From Date, To Date and Group By of a report by period; empty ones show what the server chose. */
export function PeriodFields({
  params,
  applied,
  errors,
}: {
  params: ReturnType<typeof useReportParams>;
  applied: PeriodFilters | undefined;
  errors?: Record<string, string[]>;
}) {
  return (
    <>
      <Field name="dateFrom" label="From Date" type="date" value={params.get('dateFrom') || applied?.dateFrom || ''} errors={errors?.dateFrom} onChange={(value) => params.set('dateFrom', value)} />
      <Field name="dateTo" label="To Date" type="date" value={params.get('dateTo') || applied?.dateTo || ''} errors={errors?.dateTo} onChange={(value) => params.set('dateTo', value)} />
      <SelectField
        name="group"
        label="Group By"
        value={params.get('group') || applied?.group || ''}
        options={GROUP_OPTIONS}
        placeholder={applied ? undefined : 'Automatic'}
        onChange={(value) => params.set('group', value)}
      />
    </>
  );
}

/** A text filter that writes the address a moment after typing stops (and follows the address when it changes). */
export function useTypedParam(params: ReturnType<typeof useReportParams>, name: string, delay = 300) {
  const [text, setText] = useTypedFilter(params.get(name), (value) => params.set(name, value), delay);
  return { text, setText };
}
