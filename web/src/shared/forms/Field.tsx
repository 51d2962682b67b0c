import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date';
  /** Extra attributes for the input, e.g. step and min for numbers. */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'step' | 'min' | 'max' | 'placeholder' | 'inputMode' | 'list'>;
  multiline?: boolean;
  autoComplete?: string;
  wide?: boolean;
  after?: ReactNode;
  hint?: string;
}

export function Field({
  name,
  label,
  value,
  onChange,
  errors,
  required = false,
  type = 'text',
  inputProps,
  multiline = false,
  autoComplete,
  wide = false,
  after,
  hint,
}: FieldProps) {
  return (
    <FieldFrame label={label} required={required} errors={errors} wide={wide} hint={hint}>
      {(control) => (
        <>
          {multiline ? (
            <textarea {...control} name={name} value={value} autoComplete={autoComplete} rows={3} onChange={(event) => onChange(event.target.value)} />
          ) : (
            <input
              {...inputProps}
              {...control}
              name={name}
              value={value}
              autoComplete={autoComplete}
              type={type}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          {after}
        </>
      )}
    </FieldFrame>
  );
}
