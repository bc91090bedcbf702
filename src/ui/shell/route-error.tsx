// Shown when a screen fails to load (its code or its data): the reason in plain words and a Retry.
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { describeApiError } from '../../api/errors';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section className="route-error" role="alert">
      <h1>This page didn’t load</h1>
      <p>{describeApiError(error)}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Retry
      </button>
    </section>
  );
}
