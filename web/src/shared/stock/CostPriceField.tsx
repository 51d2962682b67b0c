import type { InputHTMLAttributes } from 'react';
import { usePermissions } from '../auth/permissions';
import { Field } from '../forms/Field';
import { FieldFrame } from '../forms/FieldFrame';
import './stock.css';

interface CostPriceFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
  /** A change of an existing product's cost price, which only an administrator may make. */
  change: boolean;
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'step' | 'min' | 'placeholder' | 'inputMode'>;
}

/** Cost Price: shown read-only to staff where it would change a product's cost price; the form still sends it unchanged. */
export function CostPriceField({ change, ...field }: CostPriceFieldProps) {
  const can = usePermissions();
  if (!change || can.changeCostPrice) return <Field {...field} label="Cost Price" type="number" />;
  return (
    <FieldFrame label="Cost Price" errors={field.errors} hint="Only an administrator can change the cost price.">
      {(control) => <input {...control} className="input-locked" name={field.name} value={field.value} type="number" readOnly />}
    </FieldFrame>
  );
}
