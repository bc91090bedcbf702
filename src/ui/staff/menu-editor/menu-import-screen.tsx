// Import and export (managers): the menu as a file; an import is tried first (what it would add, change, hide, and
// every error by line and field), then applied all at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { ImportReport } from '../../../../contract/menu-admin';
import { getMenuDocument, importMenu } from '../../../api/menu-admin-calls';
import { menuQueriesKey } from '../../../api/queries';
import { staffKeys } from '../../../api/staff-queries';
import { useAnnounce } from '../../feedback/live-announcer';
import { useSessionEndedOn } from '../staff-session-provider';
import { StaffTable } from '../staff-table';
import { SaveProblem } from './editor-fields';
import './menu-editor.css';

interface Chosen {
  name: string;
  text: string;
}

const counts = (report: ImportReport) =>
  `${report.added} to add, ${report.changed} to change, ${report.hidden} to hide`;

export function MenuImportScreen() {
  const id = useId();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [file, setFile] = useState<Chosen | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);

  const tryIt = useMutation({
    mutationFn: (chosen: Chosen) => importMenu(chosen, { apply: false, acknowledge: false }),
    onSuccess: (report) =>
      announce(
        report.errors.length > 0
          ? `The file has ${report.errors.length} errors; nothing can be imported until they are fixed`
          : `Checked: ${counts(report)}`,
      ),
  });
  const apply = useMutation({
    mutationFn: (chosen: Chosen) => importMenu(chosen, { apply: true, acknowledge: acknowledged }),
    onSuccess: (report) => {
      announce(`Imported: ${report.added} added, ${report.changed} changed, ${report.hidden} hidden`);
      for (const queryKey of [
        staffKeys.menuDocument,
        staffKeys.menuAudit,
        menuQueriesKey,
        ['categories'],
        ['sub-categories'],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  const download = useMutation({
    mutationFn: () => getMenuDocument(),
    onSuccess: (document) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
      const link = Object.assign(window.document.createElement('a'), {
        href: url,
        download: `menu-${new Date().toISOString().slice(0, 10)}.json`,
      });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      announce('The menu was downloaded');
    },
  });
  useSessionEndedOn(tryIt.error ?? apply.error ?? download.error);

  const choose = async (files: FileList | null) => {
    const picked = files?.[0];
    if (!picked) return;
    const chosen = { name: picked.name, text: await picked.text() };
    setFile(chosen);
    setAcknowledged(false);
    apply.reset();
    tryIt.mutate(chosen);
  };
  const report = apply.data ?? tryIt.data;
  const blocking = report?.warnings.filter((warning) => warning.blocking) ?? [];
  const canApply =
    file && tryIt.data && tryIt.data.errors.length === 0 && !apply.data && (blocking.length === 0 || acknowledged);

  return (
    <section aria-labelledby="import-title" className="menu-import">
      <h1 id="import-title">Import and export</h1>
      <section aria-labelledby={`${id}-export`}>
        <h2 id={`${id}-export`}>Export</h2>
        <p className="staff-note">
          The whole menu as one file (a MenuDocument): keep it as a copy, edit it, or import it into another restaurant.
        </p>
        <button type="button" className="staff-button" onClick={() => download.mutate()} disabled={download.isPending}>
          Download the menu
        </button>
        <SaveProblem error={download.error} what="download the menu" />
      </section>

      <section aria-labelledby={`${id}-import`}>
        <h2 id={`${id}-import`}>Import</h2>
        <p className="staff-note" id={`${id}-hint`}>
          A MenuDocument (.json) or a spreadsheet saved as CSV with the columns category, sub_category, name,
          description, price, allergens, diets (one dish a line; an empty allergens cell means not declared, “none”
          means none). The file is checked first; nothing changes until you apply it. Dishes the file leaves out are
          hidden from guests, never deleted.
        </p>
        <span className="staff-field">
          <label htmlFor={`${id}-file`}>Menu file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            aria-describedby={`${id}-hint`}
            onChange={(event) => void choose(event.target.files)}
          />
        </span>
        {tryIt.isPending && <p role="status">Checking {file?.name}…</p>}
        <SaveProblem error={tryIt.error} what="read the file" />
        {report && <ImportReportView report={report} fileText={file?.text} />}
        {blocking.length > 0 && !apply.data && (
          <label className="editor-check editor-acknowledge">
            <input type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />
            I have checked the {blocking.length} contradiction{blocking.length === 1 ? '' : 's'} above and want guests
            to see the menu as it is
          </label>
        )}
        {file && tryIt.data && !apply.data && (
          <button
            type="button"
            className="staff-button staff-button--primary"
            aria-disabled={!canApply || apply.isPending || undefined}
            onClick={() => canApply && !apply.isPending && apply.mutate(file)}
          >
            {apply.isPending ? 'Importing…' : `Apply: ${counts(tryIt.data)}`}
          </button>
        )}
        <SaveProblem error={apply.error} what="import the file" />
      </section>
    </section>
  );
}

const ENTITIES: Record<string, string> = {
  categories: 'category',
  sub_categories: 'sub-category',
  items: 'dish',
  options: 'option group',
  choices: 'choice',
  hours: 'hours',
};

/**
 * Where a MenuDocument's problem is, as a person counts (`categories.0.sub_categories.0.items.0` → "Dish 1 of
 * sub-category 1 of category 1 (“Caesar Salad”)"), with the file's name for the innermost entity that has one.
 */
export function placeIn(path: string | undefined, document: unknown): string {
  if (!path) return 'The document';
  const steps: string[] = [];
  let named: unknown = document;
  let name: string | undefined;
  const segments = path.split('.');
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at] ?? '';
    const next = segments[at + 1];
    named = named !== null && typeof named === 'object' ? (named as Record<string, unknown>)[segment] : undefined;
    if (ENTITIES[segment] && next !== undefined && /^\d+$/.test(next)) {
      steps.unshift(`${ENTITIES[segment]} ${Number(next) + 1}`);
      named = Array.isArray(named) ? named[Number(next)] : undefined;
      const own = named !== null && typeof named === 'object' ? (named as { name?: unknown }).name : undefined;
      name = typeof own === 'string' && own.trim() !== '' ? own : undefined;
      at++;
    } else if (segment === 'translations' && next !== undefined) {
      steps.unshift(`the ${next} translation`);
      at++;
    } else {
      steps.unshift(segment);
    }
  }
  const place = steps.join(' of ');
  return `${place.charAt(0).toUpperCase()}${place.slice(1)}${name ? ` (“${name}”)` : ''}`;
}

/** The chosen file as a MenuDocument, to name the entities its errors are in; undefined for a CSV or broken JSON. */
function documentOf(text: string | undefined): unknown {
  if (!text || !/^[{[]/.test(text.trimStart())) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function ImportReportView({ report, fileText }: { report: ImportReport; fileText: string | undefined }) {
  const id = useId();
  const document = useMemo(
    () => (report.errors.some((error) => error.path) ? documentOf(fileText) : undefined),
    [report, fileText],
  );
  const groups = (['added', 'changed', 'hidden'] as const).map((change) => ({
    change,
    entries: report.changes.filter((entry) => entry.change === change),
  }));
  return (
    <div className="import-report" data-testid="import-report">
      <h3 id={`${id}-summary`}>
        {report.applied ? 'Imported' : 'This file would'}: {report.added} added, {report.changed} changed,{' '}
        {report.hidden} hidden
      </h3>
      {report.errors.length > 0 && (
        <div role="alert">
          <h4>
            {report.errors.length} error{report.errors.length === 1 ? '' : 's'}: fix the file, then choose it again
          </h4>
          <StaffTable
            className="import-report__table"
            testId="import-errors"
            caption="Errors in the file"
            captionHidden
            columns={[{ label: 'Where' }, { label: 'Field' }, { label: 'Problem' }]}
            rows={report.errors}
            rowKey={(_, index) => index}
            cells={(error) => [
              error.line !== undefined ? `Line ${error.line}` : placeIn(error.path, document),
              error.field,
              error.message,
            ]}
          />
        </div>
      )}
      {report.warnings.length > 0 && (
        <div className="editor-warning">
          <h4>To check</h4>
          <ul>
            {report.warnings.map((warning, index) => (
              <li key={index}>
                {warning.line !== undefined ? `Line ${warning.line}: ` : ''}
                {warning.message}
                {warning.blocking ? ' — a guest could be hurt by this' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {groups.map(
        ({ change, entries }) =>
          entries.length > 0 && (
            <details key={change}>
              <summary>
                {entries.length} {change}
              </summary>
              <ul>
                {entries.map((entry, index) => (
                  <li key={index}>
                    {entry.name}
                    {entry.fields ? ` (${entry.fields.join(', ')})` : ''}
                  </li>
                ))}
              </ul>
            </details>
          ),
      )}
    </div>
  );
}
