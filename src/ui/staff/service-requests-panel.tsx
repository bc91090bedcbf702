// Open service requests (a waiter called, the bill asked for) on the front of house and the kitchen board: a new one
// chimes (Web Audio; a browser that blocks autoplay stays silent, the list and the announcement still tell), each says
// how long it has waited, staff answer "On my way" (the guests see it) and mark it done.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ServiceRequest } from '../../../contract/orders';
import { acknowledgeRequest, markRequestDone } from '../../api/staff-calls';
import { boardPolling, serviceRequestsQuery, staffKeys } from '../../api/staff-queries';
import { selectLiveMode } from '../../machines/live.context';
import { StaffLiveMachineContext } from '../../machines/staff-live.context';
import { useAnnounce } from '../feedback/live-announcer';
import { playSound } from './chime';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { useNow } from './use-now';

/** The panel's id: the kitchen bar's strip moves focus here. */
export const SERVICE_PANEL_ID = 'service-panel';

const WHAT: Record<ServiceRequest['kind'], string> = { waiter: 'calls a waiter', bill: 'asks for the bill' };

/**
 * The open requests, as the panel and the kitchen bar's strip read them (one query, one cache entry). As the board:
 * while staff/events is open its `request` events keep the list current, so the poll stops; it polls again while the
 * stream is connecting, reconnecting or missing (a provider without it).
 */
export function useOpenServiceRequests() {
  const isLive = StaffLiveMachineContext.useSelector(selectLiveMode) === 'live';
  const requests = useQuery({ ...serviceRequestsQuery(), refetchInterval: isLive ? false : boardPolling.ms });
  return { requests, isLive };
}

export function ServiceRequestsPanel({
  tableName,
  muted = false,
}: {
  tableName: (id: number) => string;
  muted?: boolean;
}) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const { requests, isLive } = useOpenServiceRequests();
  // A stream that opens after the list was fetched may have missed a request meanwhile: fetched once more then.
  const wasLive = useRef(isLive);
  useEffect(() => {
    if (isLive && !wasLive.current) void queryClient.invalidateQueries({ queryKey: staffKeys.requests });
    wasLive.current = isLive;
  }, [isLive, queryClient]);
  useSessionEndedOn(requests.error);
  const done = useMutation({
    mutationFn: (request: ServiceRequest) => markRequestDone(request.id),
    onSuccess: (closed) => {
      queryClient.setQueryData<ServiceRequest[]>(staffKeys.requests, (list) =>
        list?.filter((request) => request.id !== closed.id),
      );
    },
  });
  useSessionEndedOn(done.error);
  const acknowledge = useMutation({
    mutationFn: (request: ServiceRequest) => acknowledgeRequest(request.id),
    onSuccess: (answered) => {
      queryClient.setQueryData<ServiceRequest[]>(staffKeys.requests, (list) =>
        list?.map((request) => (request.id === answered.id ? answered : request)),
      );
    },
  });
  useSessionEndedOn(acknowledge.error);
  const now = useNow(30_000);

  // Requests that arrive after the panel first loaded chime and are announced; the first answer is what was there.
  const seen = useRef<Set<number> | undefined>(undefined);
  useEffect(() => {
    if (!requests.data) return;
    if (!seen.current) {
      seen.current = new Set(requests.data.map((request) => request.id));
      return;
    }
    const known = seen.current;
    const arrived = requests.data.filter((request) => !known.has(request.id));
    for (const request of requests.data) known.add(request.id);
    if (arrived.length === 0) return;
    if (!muted) playSound('call');
    announce(arrived.map((request) => `${tableName(request.table_id)} ${WHAT[request.kind]}`).join('. '));
  }, [requests.data, muted, tableName, announce]);

  const open = requests.data ?? [];
  return (
    <section
      id={SERVICE_PANEL_ID}
      className="service-panel"
      aria-labelledby="service-panel-title"
      data-testid="service-requests"
      tabIndex={-1}
    >
      <h2 id="service-panel-title">Guests asking</h2>
      {requests.isError && !isSessionEnded(requests.error) && (
        <p className="staff-error" role="alert">
          Could not load the guests’ requests ({requests.error.message}).
        </p>
      )}
      {done.isError && !isSessionEnded(done.error) && (
        <p className="staff-error" role="alert">
          Could not mark that request done: {done.error.message}
        </p>
      )}
      {open.length === 0 ? (
        <p className="service-panel__empty">{requests.isPending ? 'Loading…' : 'Nobody is waiting.'}</p>
      ) : (
        <ul className="service-panel__list">
          {open.map((request) => (
            <li key={request.id} className="service-panel__item" data-testid="service-request">
              <span>
                <strong>{tableName(request.table_id)}</strong> {WHAT[request.kind]}
                {request.note ? `: ${request.note}` : ''}{' '}
                <span className="service-panel__wait">({waited(request.created_at, now)})</span>
              </span>
              {request.acknowledged_at ? (
                <span className="service-panel__on-way">On the way</span>
              ) : (
                <button
                  type="button"
                  className="staff-button staff-button--primary"
                  disabled={acknowledge.isPending && acknowledge.variables.id === request.id}
                  onClick={() => acknowledge.mutate(request)}
                >
                  On my way
                  <span className="visually-hidden">
                    {' '}
                    ({tableName(request.table_id)} {WHAT[request.kind]})
                  </span>
                </button>
              )}
              <button
                type="button"
                className="staff-button"
                disabled={done.isPending && done.variables.id === request.id}
                onClick={() => done.mutate(request)}
              >
                Done
                <span className="visually-hidden">
                  {' '}
                  ({tableName(request.table_id)} {WHAT[request.kind]})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How long a request has waited, in whole minutes: "waiting 4 min". */
function waited(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  return minutes < 1 ? 'just now' : `waiting ${minutes} min`;
}
