// The credentials this device holds for the provider (contract v1.1, v1.2), for the api layer to attach to the calls
// they open: each order's key, kept with it in my_orders, the key of the table whose QR code the guest scanned, and the
// key of the seating that scan joined.
export { orderKeyFor } from './my-orders';
export { tableKeyFor } from './device-table';
export { currentSeatingKey, seatingKeyFor } from './table-seating';
