// One change of the back office: sent, announced, and every cached menu (the editor's and any guest screen's) read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuQueriesKey } from '../../../api/queries';
import { staffKeys } from '../../../api/staff-queries';
import { useAnnounce } from '../../feedback/live-announcer';
import { useSessionEndedOn } from '../staff-session-provider';

export function useMenuChange<Input, Answer>(
  send: (input: Input) => Promise<Answer>,
  said: (answer: Answer, input: Input) => string,
  onDone?: (answer: Answer, input: Input) => void,
  /** Where to say it instead of the screen reader's announcer: a status line on screen, read by screen readers too. */
  say?: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const change = useMutation({
    mutationFn: send,
    // The editor's own document is read again before the change counts as done: until then its outline still shows
    // the old order, and a keyboard user pressing "Move up" again would move from the old place.
    onSuccess: async (answer, input) => {
      for (const queryKey of [staffKeys.menuAudit, menuQueriesKey, ['categories'], ['sub-categories']])
        void queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: staffKeys.menuDocument });
      (say ?? announce)(said(answer, input));
      onDone?.(answer, input);
    },
  });
  useSessionEndedOn(change.error);
  return change;
}
