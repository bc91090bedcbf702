// `/pay`: a guest pays a share of the table's bill (contract v1.2): choose it, pay it (the demo provider's test cards,
// or Stripe's Payment Element, loaded only here), and keep the receipt. `?share=` reopens a share's payment step.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Bill, BillLine, Share } from '../../../contract/bill';
import { billQuery, billQueryKey, restaurantTipsQuery } from '../../api/bill-queries';
import { restaurantQuery } from '../../api/queries';
import { withDishNames } from '../../api/menu-names';
import { withOwnPayment } from '../../device/open-shares';
import { receiptFor, type Receipt } from '../../device/receipts';
import { useSeatingState } from '../../device/table-seating';
import { useMyOrders } from '../../device/use-my-orders';
import { createPaymentLogic } from '../../machines/payment.context';
import {
  selectCancelled,
  selectRefusedCard,
  selectPaymentFailure,
  selectPaymentStep,
  selectProviderMessage,
  selectShare,
} from '../../machines/payment.machine';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { EmptyState } from '../feedback/empty-state';
import { useAnnounce } from '../feedback/live-announcer';
import { LoadError } from '../feedback/load-error';
import { useOnline } from '../feedback/offline-banner';
import { t } from '../i18n/i18n';
import { lazyScreen } from '../lazy-screen';
import { useDishNames } from '../i18n/use-dish-names';
import { useRestaurant, type RestaurantView } from '../restaurant/restaurant';
import { useTableName } from '../table/current-table';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { BillFigures, CancelNotice, CancelPaymentButton, PaymentInProgress } from '../table-bill/bill-summary';
import { ChooseShare, type ShareDraft } from './choose-share';
import { DemoCardStep, SecondStep } from './demo-card-step';
import { ReceiptView } from './receipt-view';
import './pay.css';

const route = getRouteApi('/_guest/pay');

// Stripe's libraries are loaded only when a share is paid through Stripe: never on the menu's path.
const StripeStep = lazyScreen(() => import('./stripe-step'), 'default');

export function PayScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const tableId = TableMachineContext.useSelector(selectTableId);
  const seating = useSeatingState(tableId);
  const { share: shareId } = route.useSearch();
  const kept = shareId === undefined ? undefined : receiptFor(shareId);
  // A provider without the restaurant's profile (contract v1, v1.1) takes no payment at the table: a code to scan
  // would not change that.
  const paysAtTable = useQuery(restaurantQuery()).data !== null;

  return (
    <div className="pay">
      <h1 ref={heading} className="pay__title" tabIndex={-1}>
        {t('pay.title')}
      </h1>
      {kept ? (
        <ReceiptView receipt={kept} />
      ) : seating?.status === 'joined' && tableId !== null ? (
        <PayBody tableId={tableId} seatingKey={seating.seating_key} shareId={shareId} />
      ) : !paysAtTable ? (
        <EmptyState title={t('pay.none.title')}>
          <p className="empty-state__hint">{t('pay.none.hint')}</p>
          <Link to="/cart" className="button button--secondary">
            {t('tableBill.yourOrders')}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title={seating?.status === 'ended' ? t('tableBill.ended.title') : t('pay.noSeating.title')}>
          <p className="empty-state__hint">
            {seating?.status === 'ended' ? t('tableBill.ended.hint') : t('pay.noSeating.hint')}
          </p>
          <Link to="/" className="button button--secondary">
            {t('tableBill.backToMenu')}
          </Link>
        </EmptyState>
      )}
    </div>
  );
}

function PayBody({ tableId, seatingKey, shareId }: { tableId: number; seatingKey: string; shareId?: number }) {
  const queryClient = useQueryClient();
  const bill = useQuery(billQuery(seatingKey));
  const rules = useQuery(restaurantTipsQuery());
  const tableName = useTableName(tableId) ?? t('table.name', { id: tableId });
  const restaurant = useRestaurant();
  const myOrderIds = new Set(useMyOrders().map((order) => order.orderID));
  const online = useOnline();
  const announce = useAnnounce();
  const [logic] = useState(() =>
    createPaymentLogic({
      seatingKey,
      queryClient,
      // The bill as the guest last saw it: its dishes go on the receipt.
      receiptOf: (share) =>
        receiptOf(
          share,
          queryClient.getQueryData<Bill>(billQueryKey(seatingKey))?.lines ?? [],
          tableId,
          tableName,
          restaurant,
        ),
    }),
  );
  const lines = bill.data?.lines ?? NO_LINES;
  // Shown in the guest's language where the menu has it, as on the Table page; a line without its dish keeps its name.
  const names = useDishNames(lines.flatMap((line) => line.menu_id ?? []));
  const shownLines = useMemo(() => withDishNames(lines, names), [lines, names]);
  const actor = useActorRef(logic);
  const step = useSelector(actor, selectPaymentStep);
  const share = useSelector(actor, selectShare);
  const failure = useSelector(actor, selectPaymentFailure);
  const providerMessage = useSelector(actor, selectProviderMessage);
  const cancelled = useSelector(actor, selectCancelled);
  const refusedCard = useSelector(actor, selectRefusedCard);
  const navigate = route.useNavigate();
  // Each step replaces the one whose button was pressed: the focus goes to the new step's heading or message, marked
  // `data-step-focus` (a cancel's notice takes it itself), never left on the page's body.
  const steps = useRef<HTMLDivElement>(null);
  const shownStep = useRef<string | undefined>(undefined);
  useEffect(() => {
    const now = `${step}:${share?.status ?? ''}`;
    if (!steps.current || shownStep.current === now) return;
    const first = shownStep.current === undefined;
    shownStep.current = now;
    if (first) return;
    steps.current.querySelector<HTMLElement>('[data-step-focus]')?.focus();
  });
  // The guest's last choice, given back to the form when they try again; dropped once paid or cancelled.
  const [draft, setDraft] = useState<ShareDraft>();

  // The payment step's address (`?share=`), a reload, Stripe's return or "Continue paying": open that share where it
  // is, with what only this phone was given to pay it (Stripe's client secret). Each address once: the share the
  // guest just left is not reopened while its address is being dropped.
  const resumed = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (shareId === undefined) resumed.current = undefined;
    if (shareId === undefined || resumed.current === shareId || !bill.data) return;
    const found = bill.data.shares.find((candidate) => candidate.id === shareId);
    if (!found) return;
    resumed.current = shareId;
    // A cancelled share's address (the guest cancelled it here): back to the bill, with the address dropped.
    if (found.status === 'cancelled') void navigate({ search: {}, replace: true });
    else actor.send({ type: 'pay.resume', share: withOwnPayment(found) });
  }, [shareId, bill.data, actor, navigate]);

  // The share's own address, so a reload comes back to its step.
  useEffect(() => {
    if (share && share.id !== shareId) void navigate({ search: { share: share.id }, replace: true });
  }, [share, shareId, navigate]);

  // Cancelled from its payment step: the bill again, at its own address, so a reload does not reopen the share.
  useEffect(() => {
    if (!cancelled || shareId === undefined) return;
    resumed.current = shareId;
    void navigate({ search: {}, replace: true });
  }, [cancelled, shareId, navigate]);

  useEffect(() => {
    if (step === 'paid') announce(t('pay.paid.announce'));
    else if (step === 'declined') announce(t('pay.declined.title'));
  }, [step, announce]);

  if (!bill.data) {
    if (bill.isError)
      return <LoadError title={t('pay.loadFailed')} error={bill.error} onRetry={() => void bill.refetch()} />;
    return <p role="status">{t('tableBill.loading')}</p>;
  }

  const again = () => {
    if (step === 'paid') setDraft(undefined);
    resumed.current = shareId;
    void navigate({ search: {}, replace: true });
    actor.send({ type: 'pay.again' });
  };

  return (
    <div ref={steps} className="pay__steps">
      {!online && (
        <p className="pay__offline" role="status" data-testid="pay-offline">
          {t('pay.offline')}
        </p>
      )}
      {step === 'choosing' &&
        (bill.data.pay_at_table === false && bill.data.balance > 0 ? (
          <EmptyState title={t('pay.atCounter.title')}>
            <p className="empty-state__hint">{t('pay.atCounter')}</p>
            <Link to="/table" className="button button--secondary">
              {t('pay.backToTable')}
            </Link>
          </EmptyState>
        ) : bill.data.balance <= 0 ? (
          <EmptyState title={t('pay.summary.paidInFull')}>
            <Link to="/table" className="button button--secondary">
              {t('pay.backToTable')}
            </Link>
          </EmptyState>
        ) : (
          <>
            {cancelled && <CancelNotice />}
            <PaymentInProgress shares={bill.data.shares} seatingKey={seatingKey} />
            <section className="pay__bill" aria-labelledby="pay-bill-title">
              <h2
                id="pay-bill-title"
                className="pay__subtitle"
                tabIndex={-1}
                data-step-focus={cancelled ? undefined : ''}
              >
                {t('pay.summary.title')}
              </h2>
              <BillFigures bill={bill.data} />
            </section>
            <ChooseShare
              bill={{ ...bill.data, lines: shownLines }}
              restaurant={rules.data ?? DEFAULT_RULES}
              myOrderIds={myOrderIds}
              draft={cancelled ? undefined : draft}
              onPay={(chosen, choice) => {
                setDraft(choice);
                actor.send({ type: 'pay.start', share: chosen, online: navigator.onLine });
              }}
            />
          </>
        ))}
      {step === 'working' && (
        <p className="pay__working" role="status" tabIndex={-1} data-step-focus="">
          {t('pay.working')}
        </p>
      )}
      {step === 'card' && share && (
        <DemoCardStep
          share={share}
          refused={refusedCard}
          onCard={(cardNumber) => actor.send({ type: 'pay.card', cardNumber })}
        />
      )}
      {step === 'secondStep' && share && (
        <SecondStep share={share} onAnswer={(answer) => actor.send({ type: 'pay.secondStep', answer })} />
      )}
      {step === 'stripe' && share && (
        <Suspense fallback={<p role="status">{t('pay.working')}</p>}>
          <StripeStep
            share={share}
            message={providerMessage}
            onSubmitted={() => actor.send({ type: 'pay.stripeSubmitted' })}
            onFailed={(message) => actor.send({ type: 'pay.stripeFailed', message })}
          />
        </Suspense>
      )}
      {(step === 'card' || step === 'secondStep' || step === 'stripe') && share && (
        <div className="pay__cancel">
          <CancelPaymentButton busy={false} onCancel={() => actor.send({ type: 'pay.cancel' })} />
        </div>
      )}
      {step === 'paid' && share && (
        <ReceiptView
          receipt={receiptFor(share.id) ?? receiptOf(share, lines, tableId, tableName, restaurant)}
          onPayAgain={bill.data.balance > 0 ? again : undefined}
        />
      )}
      {step === 'declined' && share && (
        <section className="pay__problem" aria-labelledby="pay-declined" data-testid="pay-declined">
          <h2 id="pay-declined" className="pay__subtitle" tabIndex={-1} data-step-focus="">
            {t('pay.declined.title')}
          </h2>
          <p>
            {share.status === 'expired'
              ? t('pay.declined.expired')
              : share.payment.decline_code === 'authentication_failed'
                ? t('pay.declined.authentication')
                : t('pay.declined.card')}
          </p>
          <button type="button" className="button button--primary" onClick={again}>
            {t('pay.tryAgain')}
          </button>
        </section>
      )}
      {(step === 'failed' || step === 'offline') && (
        <section className="pay__problem" aria-labelledby="pay-failed" data-testid="pay-failed">
          <h2 id="pay-failed" className="pay__subtitle" tabIndex={-1} data-step-focus="">
            {step === 'offline' || failure?.kind === 'offline' ? t('pay.offline.title') : t('pay.failed.title')}
          </h2>
          <p role="alert">
            {step === 'offline' || failure?.kind === 'offline' ? (
              t('pay.offline')
            ) : failure?.kind === 'seatingEnded' ? (
              t('tableBill.ended.hint')
            ) : failure?.kind === 'refused' ? (
              failure.code === 'already_paid' ? (
                t('pay.refused.alreadyPaid')
              ) : (
                // The provider's reason is written for guests but in its own language: the guest's language
                // leads in, and the reason (what is left, the limit) is what they can act on.
                <>
                  {t('pay.refused.other')} <span dir="auto">{failure.message}</span>
                </>
              )
            ) : (
              t('pay.failed.unknown')
            )}
          </p>
          {/* This phone's own open share holds part of what is left: often why the provider refused. */}
          {failure?.kind !== 'seatingEnded' && <PaymentInProgress shares={bill.data.shares} seatingKey={seatingKey} />}
          <button type="button" className="button button--primary" onClick={again}>
            {t('pay.tryAgain')}
          </button>
        </section>
      )}
    </div>
  );
}

const NO_LINES: BillLine[] = [];

/** Rules the app estimates with until the restaurant's profile answers (the provider's word is final). */
const DEFAULT_RULES = {
  tax: { rate: 0, included: true },
  service_charge: null,
  tips: { presets: [0.1, 0.15, 0.2], custom: true },
};

/** The receipt of a paid share, from the bill's lines as the guest saw them, in the restaurant's names. */
function receiptOf(
  share: Share,
  lines: readonly BillLine[],
  tableId: number,
  tableName: string,
  restaurant: RestaurantView,
): Receipt {
  const billLines = new Map(lines.map((line) => [line.line_id, line]));
  return {
    share_id: share.id,
    table_id: tableId,
    table_name: tableName,
    restaurant: restaurant.name,
    currency: restaurant.formats.currency,
    kind: share.kind,
    lines: (share.lines ?? []).map(({ line_id, quantity }) => {
      const line = billLines.get(line_id);
      return { name: line?.name ?? '', quantity, ...(line?.menu_id === undefined ? {} : { menu_id: line.menu_id }) };
    }),
    amount: share.amount,
    tip: share.tip,
    total: share.total,
    paid_at: new Date().toISOString(),
    provider: share.payment.provider,
  };
}
