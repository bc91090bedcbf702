// The table calls' refusals, shared by the provider and the MSW fake.
import { notFound } from '../api/provider-error';

/** The same 404 for a missing, wrong or outdated key: a key either is a table's current one or names nothing. */
export const tableKeyNotFound = () =>
  notFound('This table link is not valid any more. Please scan the QR code on your table.');

export const requestNotFound = (id: number) => notFound(`There is no service request ${id}`);
