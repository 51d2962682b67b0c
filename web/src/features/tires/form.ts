import type { z } from 'zod';
import { tireInput, tireSteps, type Tire } from '@schemas/tires';
import { toFormValues, type FormValues } from '../../shared/forms/useSchemaForm';

export type TireSection = keyof typeof tireSteps;

export type TireBody = Omit<z.output<typeof tireInput>, 'run_flat' | 'active'> & {
  product_type_id: 1;
  run_flat: 0 | 1;
  active: 0 | 1;
};

export const WIZARD_STEPS: { title: string; section: TireSection | null }[] = [
  { title: 'Basic Information', section: 'basic' },
  { title: 'Tire Specifications', section: 'specifications' },
  { title: 'Pricing & Inventory', section: 'pricing' },
  { title: 'Review & Submit', section: null },
];

const FIELDS = Object.keys(tireInput.shape);

export const sectionFields = (section: TireSection) => Object.keys(tireSteps[section].shape);

/** The first wizard step holding one of these fields, e.g. to show a server's 422. */
export function firstStepWith(fields: string[]): number {
  const index = WIZARD_STEPS.findIndex((step) => step.section && sectionFields(step.section).some((field) => fields.includes(field)));
  return index === -1 ? WIZARD_STEPS.length - 1 : index;
}

export const CONSTRUCTION_LABELS: Record<string, string> = { radial: 'Radial', 'bias-ply': 'Bias-ply' };

export const isOn = (value: string | undefined) => value === '1' || value === 'true';

export function tireFormValues(tire?: Tire): FormValues {
  if (!tire) return { ...toFormValues(FIELDS), construction_type: 'radial', run_flat: '0', active: '1' };
  const values = toFormValues(FIELDS, tire as unknown as Record<string, unknown>);
  return {
    ...values,
    run_flat: tire.run_flat ? '1' : '0',
    active: tire.active ? '1' : '0',
  };
}

/** The create and update body: the checked form plus product_type_id 1, with active and run_flat as 1/0. */
export function tireBody(input: z.output<typeof tireInput>): TireBody {
  return { ...input, product_type_id: 1, run_flat: input.run_flat ? 1 : 0, active: input.active ? 1 : 0 };
}
