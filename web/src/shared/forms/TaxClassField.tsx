import { useQuery } from '@tanstack/react-query';
import { taxRatesQuery } from '../api/taxRates';
import { SelectField } from '../ui/SelectField';

interface TaxClassFieldProps {
  /** The form's text values of `tax_rate_id` and `tax_exempt`. */
  values: Record<string, string | undefined>;
  setField: (name: 'tax_rate_id' | 'tax_exempt', value: string) => void;
  errors?: string[];
}

const EXEMPT = 'exempt';

/** A product's tax class as one choice: the shop's default rate, a rate of its own, or exempt. */
export function TaxClassField({ values, setField, errors }: TaxClassFieldProps) {
  const rates = useQuery(taxRatesQuery);
  const standard = rates.data?.find((rate) => rate.is_default);
  const exempt = values.tax_exempt === '1' || values.tax_exempt === 'true';
  const value = exempt ? EXEMPT : (values.tax_rate_id ?? '');
  const options = [
    { value: '', label: standard ? `The default rate (${standard.name} ${standard.rate}%)` : 'The default rate' },
    ...(rates.data ?? []).filter((rate) => !rate.is_default || String(rate.id) === values.tax_rate_id).map((rate) => ({ value: String(rate.id), label: `${rate.name} ${rate.rate}%` })),
    { value: EXEMPT, label: 'Exempt: no tax' },
  ];
  return (
    <SelectField
      name="tax_rate_id"
      label="Tax"
      value={value}
      options={options}
      errors={errors}
      onChange={(chosen) => {
        setField('tax_exempt', chosen === EXEMPT ? '1' : '0');
        setField('tax_rate_id', chosen === EXEMPT ? '' : chosen);
      }}
    />
  );
}
