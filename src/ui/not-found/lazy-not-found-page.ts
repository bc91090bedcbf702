// The not-found page in its own chunk, with its messages: only a path the app does not know shows it.
import { lazyScreen } from '../lazy-screen';

export const LazyNotFoundPage = lazyScreen(() => import('./not-found-page'), 'NotFoundPage');
