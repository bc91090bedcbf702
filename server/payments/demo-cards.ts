// The demo payment provider's test cards (contract v1.2), as card networks' test cards behave: shared by the provider and the fake.
import { DEMO_CARDS } from '../../contract/bill';
import { noSecondStep, notATestCard } from '../bill/bill-errors';

export type DemoOutcome =
  { kind: 'paid' } | { kind: 'declined'; code: 'card_declined' | 'authentication_failed' } | { kind: 'second_step' };

/**
 * What the demo provider does with a card: approve, decline, or ask for a second step (and then take its answer).
 * `askedSecondStep`: the share already asked this card for one.
 */
export function demoOutcome(
  cardNumber: string,
  secondStep: 'complete' | 'fail' | undefined,
  askedSecondStep: boolean,
): DemoOutcome {
  const digits = cardNumber.replace(/\s+/g, '');
  if (secondStep !== undefined && !askedSecondStep) throw noSecondStep();
  if (digits === DEMO_CARDS.authenticate) {
    if (secondStep === undefined) return { kind: 'second_step' };
    return secondStep === 'complete' ? { kind: 'paid' } : { kind: 'declined', code: 'authentication_failed' };
  }
  if (digits === DEMO_CARDS.approve) return { kind: 'paid' };
  if (digits === DEMO_CARDS.decline) return { kind: 'declined', code: 'card_declined' };
  throw notATestCard();
}
