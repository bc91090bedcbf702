// `/table`: the table's bill for everyone at the table (contract v1.1 "Table sessions"), loaded on demand.
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../ui/lazy-screen';

export const Route = createFileRoute('/_guest/table')({
  // A lazyScreen (its code with its messages), which the router preloads: not split again by the router's plugin.
  codeSplitGroupings: [],
  component: lazyScreen(() => import('../../ui/table-bill/table-bill-screen'), 'TableBillScreen'),
});
