import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PURCHASABLE_TYPES } from '@schemas/documents';
import type { ProductType } from '../../shared/api/products';
import { settingsQuery } from '../../shared/api/settings';
import { productEntryQuery } from '../documents/api';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { PurchaseForm } from './PurchaseForm';

const isPurchasable = (value: string | null): value is ProductType => PURCHASABLE_TYPES.some((type) => type === value);

/**
 * The product named by "Order more" (?product_id=ID, with &product_type=TYPE when the link knows it),
 * ready in the item entry row. A product that cannot be read leaves the row empty: the order is still made by hand.
 */
function usePresetProduct() {
  const [params] = useSearchParams();
  const id = params.get('product_id') ?? '';
  const type = params.get('product_type');
  const wanted = /^\d+$/.test(id);
  const product = useQuery({ ...productEntryQuery(id, isPurchasable(type) ? [type] : PURCHASABLE_TYPES), enabled: wanted, retry: false });
  return { waiting: wanted && product.isPending, product: wanted ? (product.data ?? null) : null };
}

/** /purchases/create: a new purchase order; its page once saved, to print and send it. */
export function PurchaseCreatePage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const preset = usePresetProduct();
  return (
    <section>
      <PageHeader title="New Purchase Order" />
      {settings.isPending || preset.waiting ? (
        <Spinner label="Loading…" />
      ) : (
        <PurchaseForm
          settings={settings.data}
          presetProduct={preset.product}
          onSaved={(purchase) => {
            flash('Purchase order created successfully!', `/purchases/${purchase.id}`);
            navigate(`/purchases/${purchase.id}`);
          }}
        />
      )}
    </section>
  );
}
