import { useQuery } from '@tanstack/react-query';
import { patternCategories, patternInput, type Pattern, type PatternCategory } from '@schemas/lookups';
import { lookupQuery } from '../../shared/api/lookups';
import { Field } from '../../shared/forms/Field';
import { FormCard } from '../../shared/forms/FormCard';
import { LookupSelect } from '../../shared/forms/LookupSelect';
import { useServerErrors } from '../../shared/forms/serverErrors';
import { useSchemaForm } from '../../shared/forms/useSchemaForm';
import type { RecordFormProps } from '../../shared/records/types';
import { CheckboxField } from '../../shared/ui/CheckboxField';
import { SelectField } from '../../shared/ui/SelectField';
import './patterns.css';

export const categoryLabel = (category: PatternCategory) => category.charAt(0).toUpperCase() + category.slice(1);
const categoryOptions = patternCategories.map((category) => ({ value: category, label: categoryLabel(category) }));

const idText = (id: number | null | undefined) => (id ? String(id) : '');

function initialValues(pattern?: Pattern) {
  return {
    name: pattern?.name ?? '',
    description: pattern?.description ?? '',
    category: pattern?.category ?? '',
    price: pattern ? pattern.price.toFixed(2) : '',
    is_active: pattern?.is_active ?? true,
    tire_brand_id: idText(pattern?.tire_brand_id),
    tire_type_id: idText(pattern?.tire_type_id),
    tag_ids: pattern?.tags.map((tag) => tag.id) ?? [],
  };
}

type TextField = 'name' | 'description' | 'category' | 'price' | 'tire_brand_id' | 'tire_type_id';

export function PatternForm({ record, submitLabel, cancelTo, pending, error, failureMessage, onSubmit, onReload, keep }: RecordFormProps<Pattern, typeof patternInput>) {
  const form = useSchemaForm(patternInput, initialValues(record), keep);
  const messages = useServerErrors(error, failureMessage, Object.keys(form.values), form.setErrors);
  const tags = useQuery(lookupQuery('tags'));
  const bind = (name: TextField) => form.bind(name);
  const toggleTag = (id: number, checked: boolean) => {
    const others = form.values.tag_ids.filter((tagId) => tagId !== id);
    form.setField('tag_ids', checked ? [...others, id] : others);
  };
  const submit = () => {
    const input = form.validate();
    if (input !== null) onSubmit(input);
  };

  return (
    <FormCard draft={form.draft} onReload={onReload} onSubmit={submit} messages={messages} submitLabel={submitLabel} pending={pending} cancelTo={cancelTo}>
      <Field label="Name" required {...bind('name')} />
      <SelectField label="Category" required options={categoryOptions} placeholder="Select a category" {...bind('category')} />
      <Field label="Price" required type="number" inputProps={{ step: '0.01', min: '0', inputMode: 'decimal' }} {...bind('price')} />
      <CheckboxField
        name="is_active"
        label="Active"
        checked={form.values.is_active}
        onChange={(checked) => form.setField('is_active', checked)}
      />
      <LookupSelect path="tire-brands" label="Brand" placeholder="No brand" empty="No tire brands yet" {...bind('tire_brand_id')} />
      <LookupSelect path="tire-types" label="Tire Type" placeholder="No tire type" empty="No tire types yet" {...bind('tire_type_id')} />
      <Field label="Description" multiline wide {...bind('description')} />
      <fieldset className="field field-wide pattern-tags" aria-describedby={form.errors.tag_ids ? 'pattern-tags-error' : undefined}>
        <legend className="field-label">Tags</legend>
        {tags.isPending ? (
          <p className="field-hint">Loading tags...</p>
        ) : tags.isError ? (
          <p className="field-error">Could not load the tags.</p>
        ) : tags.data.length === 0 ? (
          <p className="field-hint">No tags yet.</p>
        ) : (
          <div className="pattern-tag-choices">
            {tags.data.map((tag) => (
              <CheckboxField
                key={tag.id}
                name="tag_ids"
                label={tag.name}
                checked={form.values.tag_ids.includes(tag.id)}
                onChange={(checked) => toggleTag(tag.id, checked)}
              />
            ))}
          </div>
        )}
        {form.errors.tag_ids && (
          <div id="pattern-tags-error" className="field-error">
            {form.errors.tag_ids.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
      </fieldset>
    </FormCard>
  );
}
