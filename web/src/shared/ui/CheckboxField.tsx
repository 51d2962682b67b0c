import './controls.css';

interface CheckboxFieldProps {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}

export function CheckboxField({ name, label, checked, onChange, hint }: CheckboxFieldProps) {
  return (
    <div className="field field-checkbox">
      <label className="checkbox-label">
        <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
      </label>
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}
