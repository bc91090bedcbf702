// `/staff`: the kitchen's ticket rail; `?station=bar` picks a station's screen, `?station=expo` the expo's.
import { createFileRoute } from '@tanstack/react-router';
import { STATION_PATTERN } from '../../../contract/station';
import { KitchenBoard } from '../../ui/staff/kitchen-board';

export interface KitchenSearch {
  station?: string;
}

/** A station's name or `expo`; anything else is dropped (the board then opens the kitchen's station). */
export function validateKitchenSearch(search: Record<string, unknown>): KitchenSearch {
  const station = search.station;
  return typeof station === 'string' && STATION_PATTERN.test(station) ? { station } : {};
}

export const Route = createFileRoute('/staff/')({
  validateSearch: validateKitchenSearch,
  component: function KitchenRoute() {
    const { station } = Route.useSearch();
    return <KitchenBoard view={station} />;
  },
});
