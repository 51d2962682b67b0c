import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { fieldErrors } from '@schemas/common';
import { PRODUCT_TYPE_LABELS, productPickerQuery, type ProductEntry, type ProductType } from '../../shared/api/products';
import { usePermissions } from '../../shared/auth/permissions';
import { FieldFrame } from '../../shared/forms/FieldFrame';
import { formatMoney, toCents } from '../../shared/ui/money';
import { SelectField } from '../../shared/ui/SelectField';
import { LINE_KINDS, newLineKey, type DraftLine, type LineMode } from './draft';
import { SearchCombobox } from '../../shared/forms/SearchCombobox';

const SELECT_PRODUCT = 'Please select a product and quantity';

/** The stock at the branch; null is a service (no stock kept) or a product named by a link (stock not read). */
function stockText(product: ProductEntry): string {
  if (product.stock === null) return product.type === 'service' ? 'No stock kept' : '';
  return product.stock > 0 ? `${product.stock} in stock` : 'Out of stock';
}

function ProductOption({ product, price, showsType = false }: { product: ProductEntry; price: number; showsType?: boolean }) {
  return (
    <span className="picker-option">
      <span className="picker-option-name">{product.name}</span>
      <span className="picker-option-meta">
        {showsType && `${PRODUCT_TYPE_LABELS[product.type]} · `}
        {formatMoney(price)} · <span className={product.stock === 0 ? 'picker-out' : undefined}>{stockText(product)}</span>
      </span>
    </span>
  );
}

function productHint(product: ProductEntry, price: number, locationId: string): string {
  const stock = stockText(product);
  return [formatMoney(price), stock && `${stock}${locationId && product.stock !== null ? ' here' : ''}`].filter(Boolean).join(' · ');
}

function TextInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FieldFrame label={label}>
      {(control) => <input {...control} type="text" value={value} onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}

interface NumberInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  step: string;
  min: string;
  max?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown, not typed: the hint says why. */
  readOnlyHint?: string;
}

function NumberInput({ label, value, onChange, step, min, max, inputRef, readOnlyHint }: NumberInputProps) {
  return (
    <FieldFrame label={label} hint={readOnlyHint}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="number"
          inputMode="decimal"
          step={step}
          min={min}
          max={max}
          readOnly={Boolean(readOnlyHint)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

interface LineEntryProps {
  mode: LineMode;
  /** The document's branch: the picker shows the stock there. */
  locationId: string;
  onAdd: (line: DraftLine) => void;
  /** A product chosen before the row is used (a link such as "Order more" names it): it waits in the row for its quantity. */
  preset?: ProductEntry | null;
  /** The cursor starts in the quick add box (a new document whose party is already chosen). */
  startsHere?: boolean;
  /** A tire size to offer (the one last fitted to the vehicle): the product box then lists tires of that size until something is typed. */
  tireSize?: string | null;
}

/**
 * The item entry: a quick add box above the row (any product by size or name; Enter adds the
 * highlighted one, once, at its price), and the row: type, then a product of that type, quantity,
 * price (and description, notes or discount), Add.
 */
export function LineEntry({ mode, locationId, onAdd, preset, startsHere = false, tireSize = null }: LineEntryProps) {
  const kind = LINE_KINDS[mode];
  const [type, setType] = useState<ProductType | ''>('');
  const [product, setProduct] = useState<ProductEntry | null>(null);
  const [text, setText] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState('');
  const [messages, setMessages] = useState<string[]>([]);
  const productInput = useRef<HTMLInputElement>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  const quickInput = useRef<HTMLInputElement>(null);
  const priceOf = (entry: ProductEntry) => entry[kind.priceFrom] ?? 0;
  // Staff order at the product's cost price: another cost would become the product's when received.
  const fixedPrice = kind.priceFrom === 'cost_price' && !usePermissions().changeCostPrice;

  useEffect(() => {
    if (!preset || !kind.productTypes.includes(preset.type)) return;
    setType(preset.type);
    setProduct(preset);
    setPrice(priceOf(preset).toFixed(2));
    quantityInput.current?.focus();
    quantityInput.current?.select();
  }, [preset?.id]);

  useEffect(() => {
    if (startsHere) quickInput.current?.focus();
  }, []);

  const sized = type === 'tire' && tireSize ? tireSize : '';
  const [sizeAsked, setSizeAsked] = useState(false);
  useEffect(() => {
    if (!sizeAsked || type !== 'tire') return;
    setSizeAsked(false);
    productInput.current?.focus();
  }, [sizeAsked, type]);
  const offerSize = () => {
    if (type !== 'tire') chooseType('tire');
    setSizeAsked(true);
  };

  const chooseType = (next: string) => {
    setType(next as ProductType | '');
    setProduct(null);
    setMessages([]);
  };

  const chooseProduct = (next: ProductEntry | null) => {
    setProduct(next);
    setMessages([]);
    if (next) setPrice(priceOf(next).toFixed(2));
  };

  const quickAdd = (chosen: ProductEntry | null) => {
    if (!chosen) return;
    setMessages([]);
    onAdd({
      key: newLineKey(),
      product_id: chosen.id,
      product_type: chosen.type,
      product_name: chosen.name,
      description: '',
      ...(kind.text?.field === 'notes' ? { notes: '' } : {}),
      quantity: 1,
      priceCents: toCents(priceOf(chosen).toFixed(2)),
      discount: 0,
    });
  };

  const add = () => {
    const count = Number(quantity);
    if (!product || !quantity.trim() || !Number.isInteger(count) || count < 1) return setMessages([SELECT_PRODUCT]);
    const line: DraftLine = {
      key: newLineKey(),
      product_id: product.id,
      product_type: product.type,
      product_name: product.name,
      description: kind.text?.field === 'description' ? text.trim() : '',
      ...(kind.text?.field === 'notes' ? { notes: text.trim() } : {}),
      quantity: count,
      priceCents: toCents(price),
      discount: kind.discount ? Number(discount || 0) : 0,
    };
    // The typed text is checked, not the line made of it: "abc" is no price of 0.
    const typed = { product_id: product.id, quantity, [kind.priceField]: price, ...(kind.text ? { [kind.text.field]: text } : {}), discount };
    const checked = kind.schema.safeParse(typed);
    if (!checked.success) return setMessages(Object.values(fieldErrors(checked.error)).flat());

    onAdd(line);
    setProduct(null);
    setText('');
    setQuantity('1');
    setPrice('');
    setDiscount('');
    setMessages([]);
    productInput.current?.focus();
  };

  // Enter in the row's boxes adds the line instead of saving the document (the product box uses Enter to choose).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    add();
  };

  return (
    <div className="line-entry" role="group" aria-label="Add an item">
      <div className="line-entry-quick">
        <SearchCombobox
          label="Quick add"
          value={null}
          onChange={quickAdd}
          query={(search) => productPickerQuery('', search, locationId)}
          optionsOf={(page) => page.data.filter((option) => kind.productTypes.includes(option.type))}
          optionKey={(option) => option.id}
          optionText={(option) => option.name}
          renderOption={(option) => <ProductOption product={option} price={priceOf(option)} showsType />}
          placeholder="Size (2055516), name or barcode"
          hint="A tire size (2055516 or 205/55R16), a name or a scanned barcode; Enter adds the highlighted product, quantity 1."
          inputRef={quickInput}
          actsOnChoice
          scannable
        />
        {tireSize && kind.productTypes.includes('tire') && (
          <button type="button" className="btn btn-secondary line-entry-size" onClick={offerSize}>
            Tires in {tireSize}
          </button>
        )}
      </div>
      <div className={`line-entry-fields line-entry-${mode}`} onKeyDown={onKeyDown}>
        <SelectField
          name="product_type"
          label="Product Type"
          value={type}
          onChange={chooseType}
          placeholder="Select a type"
          options={kind.productTypes.map((value) => ({ value, label: PRODUCT_TYPE_LABELS[value] }))}
        />
        <SearchCombobox
          label="Product"
          value={product}
          onChange={chooseProduct}
          query={(search) => productPickerQuery(type, search || sized, locationId)}
          optionsOf={(page) => page.data}
          optionKey={(option) => option.id}
          optionText={(option) => option.name}
          renderOption={(option) => <ProductOption product={option} price={priceOf(option)} />}
          placeholder={type ? 'Search products' : 'Choose a type first'}
          disabled={!type}
          inputRef={productInput}
          hint={product ? productHint(product, priceOf(product), locationId) : sized ? `Tires of ${sized}; type to search others` : undefined}
        />
        {kind.text?.field === 'description' && <TextInput label={kind.text.label} value={text} onChange={setText} />}
        <NumberInput label="Quantity" value={quantity} onChange={setQuantity} step="1" min="1" inputRef={quantityInput} />
        <NumberInput
          label={kind.priceLabel}
          value={price}
          onChange={setPrice}
          step="0.01"
          min="0"
          readOnlyHint={fixedPrice ? 'Only an administrator can change it.' : undefined}
        />
        {kind.discount && <NumberInput label="Discount %" value={discount} onChange={setDiscount} step="0.01" min="0" max="100" />}
        {kind.text?.field === 'notes' && <TextInput label={`Item ${kind.text.label}`} value={text} onChange={setText} />}
        <div className="line-entry-add">
          <button type="button" className="btn btn-secondary" onClick={add}>
            Add
          </button>
        </div>
      </div>
      {messages.length > 0 && (
        <div className="field-error" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
