// A table's QR link (`/?table=7`): the table is chosen only once the floor plan confirms it, and the guest is told when
// it is unknown (the picker opens instead) or when it moves a cart already filled at another table.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { tablesQuery } from '../../api/queries';
import { CartMachineContext, selectCartCount } from '../../machines/cart.context';
import {
  selectJoiningSeating,
  selectTableCorrection,
  selectTableId,
  TableMachineContext,
} from '../../machines/table.context';
import { useAnnounce } from '../feedback/live-announcer';
import { t } from '../i18n/i18n';

export type TableLinkNotice =
  { kind: 'unknown'; tableId: number } | { kind: 'moved'; from: string; to: string; items: number };

export function describeMove(notice: Extract<TableLinkNotice, { kind: 'moved' }>): string {
  return t('tableMove', { to: notice.to, from: notice.from, count: notice.items });
}

/**
 * Handles `table` (and the QR code's `key`, kept with it on the device) from the address; calls `done` once it has been
 * dealt with, so the screen can drop it from the URL. A scan's key stays in the address until its join has answered: a
 * reload meanwhile scans again, since a kept key never joins on its own.
 * Offline or with the floor plan failing, the table is chosen unchecked (the prompt flags it once the plan arrives).
 */
export function useTableLink(linked: number | undefined, key: string | undefined, done: () => void) {
  const tables = useQuery({ ...tablesQuery(), enabled: linked !== undefined });
  const table = TableMachineContext.useActorRef();
  const current = TableMachineContext.useSelector(selectTableId);
  const items = CartMachineContext.useSelector(selectCartCount);
  const announce = useAnnounce();
  const [notice, setNotice] = useState<TableLinkNotice | null>(null);
  const settled = tables.data !== undefined || tables.isError || tables.fetchStatus === 'paused';
  const corrected = TableMachineContext.useSelector(selectTableCorrection);
  const joining = TableMachineContext.useSelector(selectJoiningSeating);
  const [awaitingJoin, setAwaitingJoin] = useState(false);

  useEffect(() => {
    // Read from the machine itself: a join that answered before this effect ran is over.
    if (!awaitingJoin || selectJoiningSeating(table.getSnapshot())) return;
    setAwaitingJoin(false);
    done();
  }, [awaitingJoin, joining]);

  // The key opened another table than the link named: a move "to" the link's table did not happen.
  useEffect(() => {
    if (corrected !== null) setNotice((shown) => (shown?.kind === 'moved' ? null : shown));
  }, [corrected]);

  useEffect(() => {
    if (linked === undefined || !settled) return;
    const plan = tables.data;
    const found = plan?.find((candidate) => candidate.id === linked);
    if (plan && !found) {
      setNotice({ kind: 'unknown', tableId: linked });
    } else {
      if (items > 0 && current !== null && current !== linked) {
        const nameOf = (id: number) => plan?.find((candidate) => candidate.id === id)?.name ?? t('table.name', { id });
        const moved = { kind: 'moved', from: nameOf(current), to: nameOf(linked), items } as const;
        setNotice(moved);
        announce(describeMove(moved));
      }
      table.send({ type: 'table.choose', tableId: linked, ...(key === undefined ? {} : { key }) });
      if (key !== undefined) {
        setAwaitingJoin(true);
        return;
      }
    }
    done();
    // Once per link: the cart or the current table changing afterwards is not a new scan.
  }, [linked, settled]);

  return { notice, dismiss: () => setNotice(null) };
}
