import { useId } from 'react';
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
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div className="field-control">
        <select
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {invalid && (
        <div id={errorId} className="field-error">
          {errors!.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
