// The menu's audit list (managers): who changed what, when, and each changed field before and after.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { AuditEntry, MenuDocument } from '../../../../contract/menu-admin';
import { menuAuditQuery, menuDocumentQuery } from '../../../api/staff-queries';
import { LoadState } from '../load-state';
import { useSessionEndedOn } from '../staff-session-provider';
import { StaffTable } from '../staff-table';
import { auditChanges, type MenuNames } from './audit-changes';
import './menu-editor.css';

const ENTITY_NAMES: Record<AuditEntry['entity'], string> = {
  category: 'Category',
  sub_category: 'Sub-category',
  menu_item: 'Dish',
  choice: 'Choice',
  menu: 'Menu',
};
const ACTION_NAMES: Record<AuditEntry['action'], string> = {
  create: 'added',
  update: 'changed',
  hide: 'hidden',
  photo: 'new photo',
  import: 'imported',
};

const nameOf = (entry: AuditEntry) => {
  const after = entry.after as { name?: unknown; added?: number; changed?: number; hidden?: number } | null;
  if (entry.entity === 'menu' && after) return `${after.added} added, ${after.changed} changed, ${after.hidden} hidden`;
  const named = after?.name ?? (entry.before as { name?: unknown } | null)?.name;
  return typeof named === 'string' ? named : entry.id === null ? '' : `#${entry.id}`;
};

/** The sections' names by id, from the menu as it is now (a removed section's id stays a number). */
function namesOf(menu: MenuDocument | undefined): MenuNames {
  const categories = new Map<number, string>();
  const subCategories = new Map<number, string>();
  for (const category of menu?.categories ?? []) {
    if (category.id !== undefined) categories.set(category.id, category.name);
    for (const sub of category.sub_categories) if (sub.id !== undefined) subCategories.set(sub.id, sub.name);
  }
  return { categories, subCategories };
}

export function MenuAuditScreen() {
  const id = useId();
  const [limit, setLimit] = useState(100);
  const audit = useQuery(menuAuditQuery(limit));
  useSessionEndedOn(audit.error);
  // For the sections' names in place of their ids; until it answers (or if it fails) the ids are shown.
  const menu = useQuery(menuDocumentQuery());
  const names = useMemo(() => namesOf(menu.data), [menu.data]);
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="audit-title" className="menu-audit">
      <h1 id="audit-title">Menu changes</h1>
      <span className="staff-field editor-inline">
        <label htmlFor={`${id}-limit`}>Show the last</label>
        <select id={`${id}-limit`} value={limit} onChange={(event) => setLimit(Number(event.target.value))}>
          {[50, 100, 500].map((count) => (
            <option key={count} value={count}>
              {count} changes
            </option>
          ))}
        </select>
      </span>
      <LoadState query={audit} what="the changes" />
      {audit.data?.length === 0 && <p>No change to the menu yet.</p>}
      {audit.data && audit.data.length > 0 && (
        <StaffTable
          className="import-report__table"
          testId="audit-table"
          rowTestId="audit-row"
          caption="Changes to the menu, newest first"
          captionHidden
          columns={[{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Changes' }]}
          rows={audit.data}
          rowKey={(entry, index) => `${entry.at}-${index}`}
          cells={(entry) => [
            when.format(new Date(entry.at)),
            entry.staff,
            <>
              {ENTITY_NAMES[entry.entity]} {ACTION_NAMES[entry.action]}: {nameOf(entry)}
            </>,
            <ul className="menu-audit__changes">
              {auditChanges(entry, names).map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>,
          ]}
        />
      )}
    </section>
  );
}
