import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../api/lookups';
import { SelectField } from '../ui/SelectField';

interface LookupSelectProps {
  /** The lookup list's API path, e.g. 'battery-brands'. */
  path: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The empty choice, e.g. 'Select a brand'. */
  placeholder: string;
  /** Said instead when the list has no rows yet. */
  empty: string;
  errors?: string[];
  required?: boolean;
  hint?: string;
}

/** A select of the rows of a lookup list, saying when the list is loading, failed or empty. */
export function LookupSelect({ path, placeholder, empty, ...props }: LookupSelectProps) {
  const rows = useQuery(lookupQuery(path));
  const options = (rows.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  const first = rows.isPending ? 'Loading...' : rows.isError ? 'Could not load the list' : options.length ? placeholder : empty;
  return <SelectField {...props} options={options} placeholder={first} />;
}
