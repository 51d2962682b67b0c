import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '../../shared/routes/Link';
import { fieldErrors } from '@schemas/common';
import { tireInput, tireSteps, type Named } from '@schemas/tires';
import { errorMessages, isApiError } from '../../shared/api/client';
import { useResourceMutations } from '../../shared/api/resource';
import { DraftNote } from '../../shared/forms/DraftNote';
import { dropPageDraft } from '../../shared/forms/drafts';
import { useSchemaForm, type FormValues } from '../../shared/forms/useSchemaForm';
import { DetailList } from '../../shared/ui/DetailList';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { lookupQueries, tireQueries } from './api';
import { tireItems, type TireView } from './describe';
import { firstStepWith, isOn, tireBody, tireFormValues, WIZARD_STEPS } from './form';
import { TireFields } from './TireFields';

const CREATE_FAILED = 'Failed to create tire product. Please try again.';

function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {WIZARD_STEPS.map((item, index) => (
        <li
          key={item.title}
          className={index === step ? 'wizard-step current' : index < step ? 'wizard-step done' : 'wizard-step'}
          aria-current={index === step ? 'step' : undefined}
        >
          <span className="wizard-step-number" aria-hidden="true">
            {index < step ? '✓' : index + 1}
          </span>
          <span className="wizard-step-title">{item.title}</span>
        </li>
      ))}
    </ol>
  );
}

const nameOf = (rows: Named[] | undefined, id: string) => rows?.find((row) => String(row.id) === id)?.name ?? '';

function Review({ values, onEdit }: { values: FormValues; onEdit: (step: number) => void }) {
  const brands = useQuery(lookupQueries.tireBrands);
  const patterns = useQuery(lookupQueries.patternsByBrand(values.tire_brand_id));
  const suppliers = useQuery(lookupQueries.suppliers);
  const types = useQuery(lookupQueries.tireTypes);
  const locations = useQuery(lookupQueries.locations);
  const items = tireItems({
    ...(values as unknown as TireView),
    brand: nameOf(brands.data, values.tire_brand_id),
    pattern: nameOf(patterns.data, values.pattern_id),
    supplier: nameOf(suppliers.data, values.supplier_id),
    tire_type: nameOf(types.data, values.tire_type_id),
    location: nameOf(locations.data, values.location_id),
    run_flat: isOn(values.run_flat),
    active: isOn(values.active),
  });

  return (
    <div className="review">
      {WIZARD_STEPS.map(
        (step, index) =>
          step.section && (
            <section key={step.section} className="review-section" aria-label={step.title}>
              <div className="review-heading">
                <h3>{step.title}</h3>
                <button type="button" className="link-btn" onClick={() => onEdit(index)}>
                  Change
                </button>
              </div>
              <DetailList items={items[step.section]} />
            </section>
          ),
      )}
    </div>
  );
}

/** /tires/create: the four-step wizard. */
export function TireCreatePage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const form = useSchemaForm(tireInput, tireFormValues(), {});
  const [step, setStep] = useState(0);
  const { create } = useResourceMutations(tireQueries);
  const { section, title } = WIZARD_STEPS[step];
  const last = step === WIZARD_STEPS.length - 1;

  const goTo = (index: number) => {
    create.reset();
    setStep(index);
  };

  const next = () => {
    const result = tireSteps[section!].safeParse(form.values);
    if (!result.success) return form.setErrors(fieldErrors(result.error));
    form.setErrors({});
    goTo(step + 1);
  };

  const submit = () => {
    const result = tireInput.safeParse(form.values);
    if (!result.success) {
      const errors = fieldErrors(result.error);
      form.setErrors(errors);
      return setStep(firstStepWith(Object.keys(errors)));
    }
    create.mutate(tireBody(result.data), {
      onSuccess: () => {
        dropPageDraft();
        flash('Tire product created successfully!', '/tires');
        navigate('/tires');
      },
      onError: (error) => {
        if (!isApiError(error, 422) || !error.errors) return;
        form.setErrors(error.errors);
        setStep(firstStepWith(Object.keys(error.errors)));
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (last) submit();
    else next();
  };

  return (
    <section>
      <PageHeader
        title="Add New Tire"
        actions={
          <Link to="/tires" className="btn btn-secondary">
            Back to List
          </Link>
        }
      />
      <StepIndicator step={step} />
      <form className="card form wizard" onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" className="wizard-title">
          <span className="sr-only">
            Step {step + 1} of {WIZARD_STEPS.length}:{' '}
          </span>
          {title}
        </h2>
        <DraftNote draft={form.draft} />
        {create.isError && <ErrorBox messages={isApiError(create.error, 422) ? errorMessages(create.error, CREATE_FAILED) : [CREATE_FAILED]} />}
        {section ? (
          <div className="form-grid">
            <TireFields key={section} section={section} form={form} />
          </div>
        ) : (
          <Review values={form.values} onEdit={goTo} />
        )}
        <div className="form-actions">
          {step === 0 ? (
            <Link to="/tires" className="btn btn-secondary" onClick={form.draft?.clear}>
              Cancel
            </Link>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => goTo(step - 1)} disabled={create.isPending}>
              Previous
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {last ? (create.isPending ? 'Saving...' : 'Create Tire') : 'Next'}
          </button>
        </div>
      </form>
    </section>
  );
}
