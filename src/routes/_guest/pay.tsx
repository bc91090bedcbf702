// `/pay`: paying a share of the table's bill (contract v1.2), loaded on demand; `?share=` opens a share's payment step.
import { createFileRoute } from '@tanstack/react-router';
import { PayScreen } from '../../ui/pay/pay-screen';
import { validatePaySearch } from '../-search';

export const Route = createFileRoute('/_guest/pay')({
  validateSearch: validatePaySearch,
  component: PayScreen,
});
