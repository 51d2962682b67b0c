import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { settingsQuery } from '../../shared/api/settings';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { partyQuery } from './api';
import { DocumentForm } from './DocumentForm';
import { LINE_KINDS, type LineMode } from './draft';
import { capitalized, type EditableKind, type TradingDocument } from './kind';

const noPreset = () => ({ waiting: false, product: null });
const noParty = () => ({ waiting: false, party: null });

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
export function DocumentCreatePage<D extends TradingDocument, L extends { id: number }>({ kind }: { kind: EditableKind<D, L> }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const preset = (kind.usePresetProduct ?? noPreset)();
  // The party the address names (from its page) comes first; else the kind's own (a sale's walk-in customer).
  const named = usePresetParty(kind.mode);
  const fallback = (kind.usePresetParty ?? noParty)();
  const party = { waiting: named.waiting || fallback.waiting, party: named.party ?? fallback.party };
  return (
    <section>
      <PageHeader title={kind.newTitle} />
      {settings.isPending || preset.waiting || party.waiting ? (
        <Spinner label="Loading…" />
      ) : (
        <DocumentForm
          kind={kind}
          settings={settings.data}
          presetProduct={preset.product}
          presetParty={party.party}
          onSaved={(document) => {
            const page = `/${kind.path}/${document.id}`;
            const to = kind.afterCreate === 'list' ? `/${kind.path}` : page;
            // Back on the list, the message links to the new document.
            flash(`${capitalized(kind.noun)} created successfully!`, to, 'success', to === page ? undefined : { to: page, label: `View ${kind.noun}` });
            navigate(to, { state: kind.printAfterCreate ? { print: kind.printAfterCreate } : undefined });
          }}
        />
      )}
    </section>
  );
}
