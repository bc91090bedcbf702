// The frame's now-and-then notices as optional pieces: one chunk (frame-notices.tsx) for the three, fetched when one is
// to be shown or once the first screen is idle.
import { optionalPiece } from '../lazy-screen';

const load = () => import('./frame-notices');

export const UpdateOfferPiece = optionalPiece(load, 'UpdateOffer');
export const CartProblemPiece = optionalPiece(load, 'CartProblemText');
export const PlacedOrderPiece = optionalPiece(load, 'PlacedOrderCard');

/** Fetches them ahead of need; a failure (offline) is forgotten, and each fetches again when it is to show. */
export const preloadFrameNotices = (): void => void UpdateOfferPiece.preload().catch(() => {});
