// What an action did, on screen beside it and in a polite live region (as Settings' "Settings saved"): the console's
// announcer speaks only to screen readers, and a sighted cook or waiter needs to see that the tap worked too.
import { forwardRef, useCallback, useState } from 'react';

export interface Status {
  text: string;
  /** A new id redraws the text, so the same words said twice are announced twice. */
  id: number;
}

export function useStatusLine(): [Status, (text: string) => void] {
  const [status, setStatus] = useState<Status>({ text: '', id: 0 });
  const say = useCallback((text: string) => setStatus((previous) => ({ text, id: previous.id + 1 })), []);
  return [status, say];
}

/** Always drawn (empty at first), so screen readers already follow it when the first words arrive. */
export const StatusLine = forwardRef<HTMLParagraphElement, { status: Status; testId?: string; focusable?: boolean }>(
  function StatusLine({ status, testId, focusable = false }, ref) {
    return (
      <p ref={ref} role="status" className="staff-status" data-testid={testId} tabIndex={focusable ? -1 : undefined}>
        <span key={status.id}>{status.text}</span>
      </p>
    );
  },
);
