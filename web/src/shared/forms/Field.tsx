import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  const common = {
    id,
    name,
    value,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': invalid ? errorId : undefined,
  };

  return (
    <div className={wide ? 'field field-wide' : 'field'}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div className="field-control">
        {multiline ? (
          <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...inputProps} {...common} type={type} onChange={(event) => onChange(event.target.value)} />
        )}
        {after}
      </div>
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
