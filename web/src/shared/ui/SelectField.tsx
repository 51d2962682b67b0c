import { FieldFrame } from '../forms/FieldFrame';
import './controls.css';

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  /** The empty choice shown first, e.g. 'Select a brand'; without it there is no empty choice. */
  placeholder?: string;
  errors?: string[];
  required?: boolean;
  disabled?: boolean;
  hint?: string;
}

/** A labelled select with the same look, required mark and error messages as Field. */
export function SelectField({
  name,
  label,
  value,
  options,
  onChange,
  placeholder,
  errors,
  required = false,
  disabled = false,
  hint,
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} required={required} errors={errors} hint={hint}>
      {(control) => (
        <select {...control} name={name} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
