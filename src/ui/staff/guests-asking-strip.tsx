// The kitchen bar's always-visible word on guests asking for a waiter or the bill: which tables, and a way to the panel.
import { SERVICE_PANEL_ID, useOpenServiceRequests } from './service-requests-panel';

/** Past this many tables the strip says "+N more": it keeps one short line, the panel has the rest. */
const NAMED = 3;

export function GuestsAskingStrip({ tableName }: { tableName: (id: number) => string }) {
  const { requests } = useOpenServiceRequests();
  // Each table once; the provider lists requests oldest first, so the table waiting longest is named first.
  const tables = [...new Set((requests.data ?? []).map((request) => request.table_id))];

  if (tables.length === 0) {
    // The strip keeps its place when nobody asks, so the rail under the bar never jumps when a guest does.
    return (
      <p className="asking-strip asking-strip--quiet" data-testid="guests-asking-strip">
        No guest asking
      </p>
    );
  }
  const names = tables.slice(0, NAMED).map(tableName).join(', ');
  const more = tables.length > NAMED ? ` +${tables.length - NAMED} more` : '';
  const count = tables.length === 1 ? '1 table asking' : `${tables.length} tables asking`;
  return (
    <button
      type="button"
      className="asking-strip asking-strip--on"
      data-testid="guests-asking-strip"
      onClick={() => {
        // The panel sits under the rail: focusing it scrolls it into view, and its buttons are the next Tab.
        document.getElementById(SERVICE_PANEL_ID)?.focus();
      }}
    >
      {count}: {names}
      {more}
      <span className="asking-strip__go" aria-hidden="true">
        {' '}
        ↓
      </span>
    </button>
  );
}
