import { LookupSelect } from './LookupSelect';

interface PreferredSupplierFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}

/** The supplier a product's reorders go to. */
export function PreferredSupplierField(props: PreferredSupplierFieldProps) {
  return (
    <LookupSelect
      {...props}
      path="suppliers"
      label="Preferred Supplier"
      placeholder="None"
      empty="No suppliers yet"
      hint="Reorders go to this supplier; with none, to the supplier it was last ordered from."
    />
  );
}
