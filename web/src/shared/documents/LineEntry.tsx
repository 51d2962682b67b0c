import { useRef, useState, type KeyboardEvent } from 'react';
import { LINE_PRODUCT_TYPES, invoiceItemInput, saleItemInput } from '@schemas/documents';
import { fieldErrors } from '@schemas/common';
import { PRODUCT_TYPE_LABELS, type ProductEntry, type ProductType } from '../api/products';
import { FieldFrame } from '../forms/FieldFrame';
import { formatMoney } from '../ui/money';
import { SelectField } from '../ui/SelectField';
import { productPickerQuery } from './api';
import { toCents } from './cents';
import { newLineKey, type DraftLine, type LineMode } from './draft';
import { SearchCombobox } from './SearchCombobox';

const SELECT_PRODUCT = 'Please select a product and quantity';

function stockText(product: ProductEntry): string {
  if (product.stock === null) return 'No stock kept';
  return product.stock > 0 ? `${product.stock} in stock` : 'Out of stock';
}

function ProductOption({ product }: { product: ProductEntry }) {
  return (
    <span className="picker-option">
      <span className="picker-option-name">{product.name}</span>
      <span className="picker-option-meta">
        {formatMoney(product.selling_price)} · <span className={product.stock === 0 ? 'picker-out' : undefined}>{stockText(product)}</span>
      </span>
    </span>
  );
}

interface NumberInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  step: string;
  min: string;
  max?: string;
}

function NumberInput({ label, value, onChange, step, min, max }: NumberInputProps) {
  return (
    <FieldFrame label={label}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          step={step}
          min={min}
          max={max}
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
  /** Product types this kind of document may hold. */
  productTypes?: readonly ProductType[];
}

/** The item entry row: type, then a product of that type, quantity, price (and description or discount), Add. */
export function LineEntry({ mode, locationId, onAdd, productTypes = LINE_PRODUCT_TYPES }: LineEntryProps) {
  const [type, setType] = useState<ProductType | ''>('');
  const [product, setProduct] = useState<ProductEntry | null>(null);
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState('');
  const [messages, setMessages] = useState<string[]>([]);
  const productInput = useRef<HTMLInputElement>(null);

  const chooseType = (next: string) => {
    setType(next as ProductType | '');
    setProduct(null);
    setMessages([]);
  };

  const chooseProduct = (next: ProductEntry | null) => {
    setProduct(next);
    setMessages([]);
    if (next) setPrice(next.selling_price.toFixed(2));
  };

  const add = () => {
    const count = Number(quantity);
    if (!product || !quantity.trim() || !Number.isInteger(count) || count < 1) return setMessages([SELECT_PRODUCT]);
    const checked =
      mode === 'invoice'
        ? invoiceItemInput.safeParse({ product_id: product.id, description, quantity, unit_price: price })
        : saleItemInput.safeParse({ product_id: product.id, quantity, selling_price: price, discount });
    if (!checked.success) return setMessages(Object.values(fieldErrors(checked.error)).flat());

    onAdd({
      key: newLineKey(),
      product_id: product.id,
      product_type: product.type,
      product_name: product.name,
      description: description.trim(),
      quantity: count,
      priceCents: toCents(price),
      discount: mode === 'sale' ? Number(discount || 0) : 0,
    });
    setProduct(null);
    setDescription('');
    setQuantity('1');
    setPrice('');
    setDiscount('');
    setMessages([]);
    productInput.current?.focus();
  };

  // Enter in the row's boxes adds the line instead of saving the document (the product box uses Enter to choose).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    add();
  };

  return (
    <div className="line-entry" role="group" aria-label="Add an item" onKeyDown={onKeyDown}>
      <div className={`line-entry-fields line-entry-${mode}`}>
        <SelectField
          name="product_type"
          label="Product Type"
          value={type}
          onChange={chooseType}
          placeholder="Select a type"
          options={productTypes.map((value) => ({ value, label: PRODUCT_TYPE_LABELS[value] }))}
        />
        <SearchCombobox
          label="Product"
          value={product}
          onChange={chooseProduct}
          query={(search) => productPickerQuery(type, search, locationId)}
          optionsOf={(page) => page.data}
          optionKey={(option) => option.id}
          optionText={(option) => option.name}
          renderOption={(option) => <ProductOption product={option} />}
          placeholder={type ? 'Search products' : 'Choose a type first'}
          disabled={!type}
          inputRef={productInput}
          hint={product ? `${formatMoney(product.selling_price)} · ${stockText(product)}${locationId ? ' here' : ''}` : undefined}
        />
        {mode === 'invoice' && (
          <FieldFrame label="Description">
            {(control) => <input {...control} type="text" value={description} onChange={(event) => setDescription(event.target.value)} />}
          </FieldFrame>
        )}
        <NumberInput label="Quantity" value={quantity} onChange={setQuantity} step="1" min="1" />
        <NumberInput label={mode === 'invoice' ? 'Unit Price' : 'Price'} value={price} onChange={setPrice} step="0.01" min="0" />
        {mode === 'sale' && <NumberInput label="Discount %" value={discount} onChange={setDiscount} step="0.01" min="0" max="100" />}
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
