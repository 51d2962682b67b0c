import { useId, type ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error messages. */
export interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: string;
  required?: boolean;
  errors?: string[];
  hint?: string;
  wide?: boolean;
  children: (control: ControlAttributes) => ReactNode;
}

/** A form field's frame: the label with its required mark, the control, a hint and the error messages. */
export function FieldFrame({ label, required = false, errors, hint, wide = false, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const control: ControlAttributes = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': [invalid && errorId, hint && hintId].filter(Boolean).join(' ') || undefined,
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
      <div className="field-control">{children(control)}</div>
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
