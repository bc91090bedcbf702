// What a console screen shows while its list loads or after it failed (a session that ended is said elsewhere).
import { isSessionEnded } from './staff-session-provider';

interface LoadStateProps {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  /** What is loading, in the words of the sentence: "the tables". */
  what: string;
}

export function LoadState({ query, what }: LoadStateProps) {
  if (query.isPending) return <p role="status">Loading {what}…</p>;
  if (!query.isError || !query.error || isSessionEnded(query.error)) return null;
  return (
    <p className="staff-error" role="alert">
      Could not load {what} ({query.error.message}).
    </p>
  );
}
