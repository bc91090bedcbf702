// `/pay`: paying a share of the table's bill (contract v1.2), loaded on demand; `?share=` opens a share's payment step.
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../ui/lazy-screen';
import { validatePaySearch } from '../-search';

export const Route = createFileRoute('/_guest/pay')({
  validateSearch: validatePaySearch,
  // A lazyScreen (its code with its messages), which the router preloads: not split again by the router's plugin.
  codeSplitGroupings: [],
  component: lazyScreen(() => import('../../ui/pay/pay-screen'), 'PayScreen'),
});
