import { BATTERY_SHAPES, BATTERY_TYPES } from '@schemas/batteries';

export const SHAPE_LABELS: Record<string, string> = { thin: 'Thin', thick: 'Thick' };
export const TYPE_LABELS: Record<string, string> = { gel: 'Gel', acid: 'Acid', lithium: 'Lithium' };

export const shapeOptions = BATTERY_SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] }));
export const typeOptions = BATTERY_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
export const reversedOptions = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
export const amperes = (value: number) => `${value} AH`;
