// `/staff/ticket?order=…&station=…`: one ticket to print from the browser, for kitchens without a network printer.
import { createFileRoute } from '@tanstack/react-router';
import { STATION_PATTERN } from '../../../contract/station';
import { TicketPrint } from '../../ui/staff/ticket-print';

interface TicketSearch {
  order?: string;
  station?: string;
}

function validateTicketSearch(search: Record<string, unknown>): TicketSearch {
  const order = typeof search.order === 'string' || typeof search.order === 'number' ? String(search.order) : '';
  const station = search.station;
  return {
    ...(/^[\w-]{1,64}$/.test(order) ? { order } : {}),
    ...(typeof station === 'string' && STATION_PATTERN.test(station) && station !== 'expo' ? { station } : {}),
  };
}

export const Route = createFileRoute('/staff/ticket')({
  validateSearch: validateTicketSearch,
  component: function TicketRoute() {
    const { order, station } = Route.useSearch();
    return <TicketPrint orderID={order} station={station} />;
  },
});
