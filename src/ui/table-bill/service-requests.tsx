// "Call the waiter" and "Ask for the bill": each asks first, then says what the restaurant was told until staff close it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { addServiceRequest, type TableAccess } from '../../api/order-calls';
import { queryKeys } from '../../api/queries';
import type { ServiceRequest, ServiceRequestKind } from '../../../contract/orders';
import { Dialog } from '../dialog';
import { t, type MessageId } from '../i18n/i18n';

const COPY: Record<
  ServiceRequestKind,
  { button: MessageId; question: MessageId; confirm: MessageId; pending: MessageId }
> = {
  waiter: {
    button: 'request.waiter.button',
    question: 'request.waiter.question',
    confirm: 'request.waiter.confirm',
    pending: 'request.waiter.pending',
  },
  bill: {
    button: 'request.bill.button',
    question: 'request.bill.question',
    confirm: 'request.bill.confirm',
    pending: 'request.bill.pending',
  },
};

interface ServiceRequestsProps {
  tableId: number;
  access: TableAccess;
  /** The table's open requests as the bill answered them; absent when the provider does not say. */
  open: readonly ServiceRequest[] | undefined;
  /** When the bill was last answered (ms): a call answered after it is open until the bill says otherwise. */
  billUpdatedAt: number;
}

export function ServiceRequests(props: ServiceRequestsProps) {
  return (
    <section className="service-requests" aria-labelledby="service-requests-title">
      <h2 id="service-requests-title" className="table-bill__subtitle">
        {t('request.title')}
      </h2>
      <div className="service-requests__list">
        <RequestButton kind="waiter" {...props} />
        <RequestButton kind="bill" {...props} />
      </div>
    </section>
  );
}

export function RequestButton({
  kind,
  tableId,
  access,
  open,
  billUpdatedAt,
}: ServiceRequestsProps & { kind: ServiceRequestKind }) {
  const copy = COPY[kind];
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const [answeredAt, setAnsweredAt] = useState(0);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => addServiceRequest(access, { kind }),
    onSuccess: () => {
      setAnsweredAt(Date.now());
      void queryClient.invalidateQueries({ queryKey: queryKeys.tableBill(tableId, access) });
    },
  });
  const openRequest = open?.find((request) => request.kind === kind);
  // Open while the bill says so (another phone at the table may have called); our own call counts until the bill
  // has been answered again since, and then the bill says whether staff are done with it.
  const stillOpen =
    (open?.some((request) => request.kind === kind) ?? false) ||
    (answeredAt > 0 && (open === undefined || answeredAt > billUpdatedAt));

  return (
    <div className="service-requests__item" data-testid={`request-${kind}`}>
      <button
        type="button"
        className="button button--secondary"
        disabled={stillOpen || mutation.isPending}
        onClick={() => setAsking(true)}
      >
        {t(copy.button)}
      </button>
      <p className="service-requests__state" role="status">
        {openRequest?.acknowledged_at
          ? t('request.acknowledged')
          : stillOpen
            ? t(copy.pending)
            : mutation.isError
              ? t('request.failed')
              : ''}
      </p>
      {asking && (
        <Dialog labelledBy={titleId} onClose={() => setAsking(false)} testId={`confirm-${kind}`}>
          <div className="dialog__box">
            <h2 id={titleId} className="dialog__title">
              {t(copy.question)}
            </h2>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
                {t('request.notNow')}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={() => {
                  setAsking(false);
                  mutation.mutate();
                }}
              >
                {t(copy.confirm)}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  );
}
