import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { settingsQuery } from '../../shared/api/settings';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { partyQuery } from './api';
import { DocumentForm } from './DocumentForm';
import { LINE_KINDS, type LineMode } from './draft';
import { capitalized, type DocumentKind, type TradingDocument } from './kind';

const noPreset = () => ({ waiting: false, product: null });

/** The customer or supplier the address names (?customer_id=5, from the customer's page), chosen when the form opens. */
function usePresetParty(mode: LineMode) {
  const [params] = useSearchParams();
  const { field, kind } = LINE_KINDS[mode].party;
  const id = params.get(field) ?? '';
  const wanted = /^\d+$/.test(id);
  const party = useQuery({ ...partyQuery(kind, id), enabled: wanted, retry: false });
  return { waiting: wanted && party.isPending, party: wanted ? (party.data ?? null) : null };
}

/** /invoices/create: a new document; then the list or its page, as the kind says. */
export function DocumentCreatePage<D extends TradingDocument, L extends { id: number }>({ kind }: { kind: DocumentKind<D, L> }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const preset = (kind.usePresetProduct ?? noPreset)();
  const presetParty = usePresetParty(kind.mode);
  return (
    <section>
      <PageHeader title={kind.newTitle} />
      {settings.isPending || preset.waiting || presetParty.waiting ? (
        <Spinner label="Loading…" />
      ) : (
        <DocumentForm
          kind={kind}
          settings={settings.data}
          presetProduct={preset.product}
          presetParty={presetParty.party}
          onSaved={(document) => {
            const to = kind.afterCreate === 'list' ? `/${kind.path}` : `/${kind.path}/${document.id}`;
            flash(`${capitalized(kind.noun)} created successfully!`, to);
            navigate(to);
          }}
        />
      )}
    </section>
  );
}
