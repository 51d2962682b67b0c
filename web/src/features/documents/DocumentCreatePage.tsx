import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { settingsQuery } from '../../shared/api/settings';
import { useFlash } from '../../shared/ui/Flash';
import { PageHeader } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { DocumentForm } from './DocumentForm';
import { capitalized, type DocumentKind, type TradingDocument } from './kind';

const noPreset = () => ({ waiting: false, product: null });
const noParty = () => ({ waiting: false, party: null });

/** /invoices/create: a new document; then the list or its page, as the kind says. */
export function DocumentCreatePage<D extends TradingDocument, L extends { id: number }>({ kind }: { kind: DocumentKind<D, L> }) {
  const navigate = useNavigate();
  const flash = useFlash();
  const settings = useQuery(settingsQuery);
  const preset = (kind.usePresetProduct ?? noPreset)();
  const party = (kind.usePresetParty ?? noParty)();
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
