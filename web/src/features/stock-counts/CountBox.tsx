import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StockCountLine } from '@schemas/stock-counts';
import { isApiError } from '../../shared/api/client';
import { CameraScanButton } from '../../shared/forms/CameraScanButton';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { findLines, useCountLine } from './api';

interface CountBoxProps {
  countId: string;
  /** A product picked from the list below the box, to count next. */
  picked: StockCountLine['product'] | null;
  onPicked: (product: StockCountLine['product'] | null) => void;
}

type Product = StockCountLine['product'];

/**
 * Search or scan, then type the number: Enter in the search box finds the product (a USB scanner types the
 * barcode and Enter), Enter in the number saves it and goes back to the search box for the next one.
 */
export function CountBox({ countId, picked, onPicked }: CountBoxProps) {
  const [search, setSearch] = useState('');
  const [matches, setMatches] = useState<Product[] | null>(null);
  const [finding, setFinding] = useState(false);
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const save = useCountLine(countId);

  useEffect(() => {
    if (picked) quantityRef.current?.focus();
  }, [picked]);

  const choose = (product: Product) => {
    onPicked(product);
    setMatches(null);
    setQuantity('');
    setProblem(null);
  };

  const find = async (searched: string) => {
    const text = searched.trim();
    if (!text) return;
    setFinding(true);
    setProblem(null);
    try {
      const found = (await findLines(countId, text)).data.map((line) => line.product);
      if (found.length === 1) choose(found[0]);
      else if (found.length === 0) setProblem(`Nothing in this count matches "${text}".`);
      else setMatches(found);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setFinding(false);
    }
  };

  const saveCount = (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    const counted = quantity.trim() === '' ? NaN : Number(quantity);
    if (!Number.isInteger(counted) || counted < 0) {
      setProblem('Type how many are on the shelf: a whole number, 0 or more.');
      return;
    }
    save.mutate(
      { product_id: picked.id, counted },
      {
        onSuccess: () => {
          setMessage(`Saved: ${picked.name} — ${counted}`);
          setProblem(null);
          onPicked(null);
          setQuantity('');
          setSearch('');
          searchRef.current?.focus();
        },
        onError: (error) => setProblem(isApiError(error, 422) ? Object.values(error.errors ?? {}).flat()[0] ?? error.message : error.message),
      },
    );
  };

  return (
    <div className="card sc-count-box">
      <form
        className="sc-find"
        onSubmit={(event) => {
          event.preventDefault();
          void find(search);
        }}
        role="search"
        aria-label="Find a product to count"
      >
        <label htmlFor="sc-search" className="sc-label">
          Scan or search
        </label>
        <div className="sc-find-row">
          <input
            id="sc-search"
            ref={searchRef}
            type="search"
            inputMode="search"
            autoComplete="off"
            autoFocus
            placeholder="Barcode or name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <CameraScanButton
            label="Scan a barcode to count"
            onScan={(code) => {
              setSearch(code);
              void find(code);
            }}
          />
          <button type="submit" className="btn btn-secondary" disabled={finding} aria-busy={finding}>
            Find
          </button>
        </div>
      </form>
      {matches && (
        <ul className="sc-matches" aria-label="Matching products">
          {matches.map((product) => (
            <li key={product.id}>
              <button type="button" className="btn btn-secondary sc-match" onClick={() => choose(product)}>
                {product.name}
                {product.barcode && <span className="sc-barcode">{product.barcode}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <form className="sc-quantity" onSubmit={saveCount} aria-label="Counted quantity">
          <label htmlFor="sc-quantity" className="sc-label">
            How many of <strong>{picked.name}</strong>?
          </label>
          <div className="sc-find-row">
            <input
              id="sc-quantity"
              ref={quantityRef}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
      {problem && <ErrorBox messages={[problem]} />}
      {message && !problem && (
        <p className="sc-saved" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
