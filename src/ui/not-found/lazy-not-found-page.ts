// The not-found page in its own chunk: only a path the app does not know shows it.
import { lazyRouteComponent } from '@tanstack/react-router';

export const LazyNotFoundPage = lazyRouteComponent(() => import('./not-found-page'), 'NotFoundPage');
