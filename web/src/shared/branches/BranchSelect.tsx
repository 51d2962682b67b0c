import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@schemas/auth';
import { lookupQuery } from '../api/lookups';
import { useAuth } from '../auth/AuthContext';
import { SelectField } from '../ui/SelectField';

const LAST_BRANCH_KEY = 'documents_last_location_id';

/** The branch last chosen on a document in this browser, for the next new one. */
export function lastUsedBranch(): string {
  return localStorage.getItem(LAST_BRANCH_KEY) ?? '';
}

type BranchUser = Pick<SessionUser, 'role' | 'home_location_id'> | null;

/** The user's home branch as a branch choice, or '' when they have none. */
const homeBranchOf = (user: BranchUser): string => (user?.home_location_id ? String(user.home_location_id) : '');

/** The signed-in user's home branch, or '' when they have none. */
export function useHomeBranch(): string {
  return homeBranchOf(useAuth().user);
}

/** Where a new document starts: the user's home branch, else the branch last chosen in this browser. */
export function useNewDocumentBranch(): string {
  return useHomeBranch() || lastUsedBranch();
}

/** A list's branch filter set to every branch (the API's empty location_id). */
export const ALL_BRANCHES = 'all';

/** The branch a list starts filtered to: every branch for an administrator; staff's home branch (else every branch). */
export function useBranchFilterDefault(): string {
  return branchFilterDefault(useAuth().user);
}

/** The same, for `user` (pure: the app asks for a list's first page before it renders). */
export function branchFilterDefault(user: BranchUser): string {
  return user?.role === 'admin' ? ALL_BRANCHES : homeBranchOf(user) || ALL_BRANCHES;
}

/** The name of the branch with this id, once the locations are loaded. */
export function useBranchName(value: string): string | undefined {
  const locations = useQuery(lookupQuery('locations'));
  return locations.data?.find((row) => String(row.id) === value)?.name;
}

/** The API's location_id for a list's branch filter. */
export const branchFilterParam = (value: string) => (value === ALL_BRANCHES ? '' : value);

/** Branch: a list's filter, one branch or all of them. */
export function BranchFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const locations = useQuery(lookupQuery('locations'));
  return (
    <SelectField
      name="location_id"
      label="Branch"
      value={value}
      onChange={onChange}
      options={[{ value: ALL_BRANCHES, label: 'All branches' }, ...(locations.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))]}
      hint={locations.isError ? 'The locations could not be loaded.' : undefined}
    />
  );
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
