// The table calls' refusals, shared by the provider and the MSW fake.
import { SEATING_ENDED_ERROR_CODE } from '../../contract/bill';
import { notFound, ProviderError } from '../api/provider-error';

/** The same 404 for a missing, wrong or outdated key: a key either is a table's current one or names nothing. */
export const tableKeyNotFound = () =>
  notFound('This table link is not valid any more. Please scan the QR code on your table.');

/** No seating key, or one that names no seating: the same answer, so keys cannot be probed. */
export const seatingKeyNotFound = () => notFound('Please scan the QR code on your table to see its bill.');

/** The table was cleared since this phone scanned its code: the next party's seating is not this one's. */
export const seatingEnded = () =>
  new ProviderError(
    404,
    'This table was cleared since you scanned its code. Scan the QR code on your table again to join the next party.',
    undefined,
    { code: SEATING_ENDED_ERROR_CODE },
  );

/** A guest name on the table's bill needs the seating's key (contract v1.2), not the printed table key alone. */
export const guestNeedsSeating = () =>
  new ProviderError(
    403,
    'A name on the table’s bill needs the seating’s key: scan the QR code on your table again.',
    { guest: 'needs X-Seating-Key' },
    { code: 'seating_key' },
  );

/** Another table that is not removed has this name (case and spaces aside): the floor could not tell them apart. */
export const tableNameTaken = (name: string) =>
  new ProviderError(
    409,
    `There is already a table named “${name}”: give this one a name of its own.`,
    { name: 'already taken' },
    { code: 'exists' },
  );

export const requestNotFound = (id: number) => notFound(`There is no service request ${id}`);
