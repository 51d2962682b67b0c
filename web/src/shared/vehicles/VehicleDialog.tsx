import { vehicleInput, type Vehicle } from '@schemas/vehicles';
import { isApiError, staleMessage } from '../api/client';
import { useVehicleMutations } from '../api/vehicles';
import { Field } from '../forms/Field';
import { toFormValues, useSchemaForm } from '../forms/useSchemaForm';
import { FormDialog } from '../ui/FormDialog';

const FIELDS = ['plate', 'vin', 'make', 'model', 'year', 'tire_sizes', 'notes'];

/** Adds a vehicle to the customer, or changes one (`vehicle`). */
export function VehicleDialog({ customerId, vehicle, onClose }: { customerId: number; vehicle?: Vehicle; onClose: (saved?: Vehicle) => void }) {
  const form = useSchemaForm(vehicleInput, toFormValues(FIELDS, vehicle));
  const { create, update } = useVehicleMutations();
  const saving = vehicle ? update : create;
  const error = saving.error;
  const serverErrors = isApiError(error, 422) ? error.errors ?? {} : {};
  const errorsOf = (name: string) => form.errors[name] ?? serverErrors[name];
  const messages = !error ? null : isApiError(error, 412) ? [staleMessage(error)] : isApiError(error, 422) && error.errors ? null : [error.message];
  const submit = () => {
    const input = form.validate();
    if (!input) return;
    saving.reset();
    if (vehicle) update.mutate({ id: vehicle.id, input, version: vehicle.version }, { onSuccess: (saved) => onClose(saved) });
    else create.mutate({ customerId, input }, { onSuccess: (saved) => onClose(saved) });
  };
  const bind = (name: string) => ({ ...form.bind(name), errors: errorsOf(name) });
  return (
    <FormDialog title={vehicle ? 'Edit Vehicle' : 'Add Vehicle'} submitLabel={vehicle ? 'Save Vehicle' : 'Add Vehicle'} pending={saving.isPending} errors={messages} onSubmit={submit} onClose={() => onClose()}>
      <Field {...bind('plate')} label="Plate" required autoComplete="off" />
      <Field {...bind('vin')} label="VIN" autoComplete="off" />
      <Field {...bind('make')} label="Make" />
      <Field {...bind('model')} label="Model" />
      <Field {...bind('year')} label="Year" type="number" inputProps={{ step: '1', min: '1900', inputMode: 'numeric' }} />
      <Field {...bind('tire_sizes')} label="Tire Sizes" inputProps={{ placeholder: '205/55R16' }} />
      <Field {...bind('notes')} label="Notes" multiline />
    </FormDialog>
  );
}
