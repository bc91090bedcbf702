// `/staff/print`: the print sheet of every table's QR code (managers).
import { createFileRoute } from '@tanstack/react-router';
import { PrintSheet } from '../../ui/staff/print-sheet';
import { ManagersOnly } from '../../ui/staff/staff-layout';

export const Route = createFileRoute('/staff/print')({
  component: () => (
    <ManagersOnly>
      <PrintSheet />
    </ManagersOnly>
  ),
});
