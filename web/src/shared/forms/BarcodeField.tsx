import { Field } from './Field';

interface BarcodeFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}

/** A product's barcode, typed or scanned: EAN-13 or UPC-A. */
export function BarcodeField(props: BarcodeFieldProps) {
  return <Field {...props} label="Barcode" autoComplete="off" inputProps={{ inputMode: 'numeric', placeholder: 'EAN-13 or UPC-A' }} />;
}
