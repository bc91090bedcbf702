// `/staff/print`: the print sheet of every table's QR code, or of one (`?table=`) (managers).
import { createFileRoute } from '@tanstack/react-router';
import { PrintSheet } from '../../ui/staff/print-sheet';
import { ManagersOnly } from '../../ui/staff/staff-layout';
import { validatePrintSearch } from '../-search';

export const Route = createFileRoute('/staff/print')({
  validateSearch: validatePrintSearch,
  component: () => (
    <ManagersOnly>
      <PrintSheet />
    </ManagersOnly>
  ),
});
