// The credentials this device holds for the provider (contract v1.1), for the api layer to attach to the calls they
// open: each order's key, kept with it in my_orders, and the key of the table whose QR code the guest scanned.
export { orderKeyFor } from './my-orders';
export { tableKeyFor } from './device-table';
