// `/table`: the table's bill for everyone at the table (contract v1.1 "Table sessions"), loaded on demand.
import { createFileRoute } from '@tanstack/react-router';
import { TableBillScreen } from '../../ui/table-bill/table-bill-screen';

export const Route = createFileRoute('/_guest/table')({
  component: TableBillScreen,
});
