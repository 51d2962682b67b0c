interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}

export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  return (
    <input
      type="search"
      className="search-box"
      value={value}
      placeholder={placeholder}
      aria-label={label}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
