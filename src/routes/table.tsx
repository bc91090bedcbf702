// `/table`: the table's bill for everyone at the table (contract v1.1 "Table sessions"), loaded on demand.
import { createFileRoute } from '@tanstack/react-router';
import { TableBillScreen } from '../ui/table-bill/table-bill-screen';
import { loadLaterMessages } from '../ui/i18n/i18n';

export const Route = createFileRoute('/table')({
  // The screen's messages are past the menu's first screen (src/ui/i18n/catalog-parts.ts).
  loader: () => loadLaterMessages(),
  component: TableBillScreen,
});
