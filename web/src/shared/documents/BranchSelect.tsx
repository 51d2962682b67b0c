import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { lookupQuery } from '../api/lookups';
import { SelectField } from '../ui/SelectField';

const LAST_BRANCH_KEY = 'documents_last_location_id';

/** The branch last chosen on a document in this browser, for the next new one. */
export function lastUsedBranch(): string {
  return localStorage.getItem(LAST_BRANCH_KEY) ?? '';
}

interface BranchSelectProps {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  disabled?: boolean;
  /** 'Location' unless the document says what the branch is to it, e.g. 'Delivery Location'. */
  label?: string;
}

/** Location (required): the branch a document's stock leaves from or arrives at. Remembers the choice. */
export function BranchSelect({ value, onChange, errors, disabled, label = 'Location' }: BranchSelectProps) {
  const locations = useQuery(lookupQuery('locations'));
  const rows = locations.data;

  // A remembered branch that has since been deleted is no choice at all.
  useEffect(() => {
    if (rows && value && !rows.some((row) => String(row.id) === value)) onChange('');
  }, [rows, value]);

  const choose = (next: string) => {
    if (next) localStorage.setItem(LAST_BRANCH_KEY, next);
    onChange(next);
  };

  return (
    <SelectField
      name="location_id"
      label={label}
      value={value}
      onChange={choose}
      options={(rows ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
      placeholder={locations.isPending ? 'Loading…' : 'Select a location'}
      errors={errors}
      required
      disabled={disabled}
      hint={locations.isError ? 'The locations could not be loaded.' : undefined}
    />
  );
}
