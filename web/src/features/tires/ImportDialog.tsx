import { useState } from 'react';
import { errorMessages } from '../../shared/api/client';
import { FormDialog } from '../../shared/ui/FormDialog';
import { useTireMutations, type ImportReport } from './api';

const IMPORT_FAILED = 'The file could not be imported. Please try again.';
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function Report({ report }: { report: ImportReport }) {
  return (
    <div className="import-report" role="status">
      <p className="import-added">{plural(report.added, 'tire')} added.</p>
      {report.refused.length > 0 && (
        <>
          <p>{plural(report.refused.length, 'row')} refused:</p>
          <ul className="import-refused">
            {report.refused.map((row) => (
              <li key={row.row}>
                <strong>Row {row.row}:</strong> {row.errors.join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Choose a CSV file in the export's columns, send it, and show what was added and what was refused. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { importCsv } = useTireMutations();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = async () => {
    if (!file) return setMissing(true);
    importCsv.mutate(await file.text());
  };

  return (
    <FormDialog
      title="Import Tires"
      submitLabel="Import"
      pending={importCsv.isPending}
      errors={importCsv.isError ? errorMessages(importCsv.error, IMPORT_FAILED) : null}
      onSubmit={submit}
      onClose={onClose}
      actions={
        importCsv.data && (
          <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
            Close
          </button>
        )
      }
    >
      {importCsv.data ? (
        <Report report={importCsv.data} />
      ) : (
        <div className="field">
          <label htmlFor="tire-import-file" className="field-label">
            CSV file
          </label>
          <input
            id="tire-import-file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={missing || undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
            }}
          />
          <p className="field-hint">
            Use the columns of Export. Brand, pattern, tire type, supplier and location are matched by name; the id column is ignored.
          </p>
          {missing && <p className="field-error">Choose a CSV file to import</p>}
        </div>
      )}
    </FormDialog>
  );
}
