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
) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const change = useMutation({
    mutationFn: send,
    onSuccess: (answer, input) => {
      announce(said(answer, input));
      for (const queryKey of [
        staffKeys.menuDocument,
        staffKeys.menuAudit,
        menuQueriesKey,
        ['categories'],
        ['sub-categories'],
      ])
        void queryClient.invalidateQueries({ queryKey });
      onDone?.(answer, input);
    },
  });
  useSessionEndedOn(change.error);
  return change;
}
