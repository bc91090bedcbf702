// Runs the console's live machine while staff are signed in: board and menu follow staff/events, or poll without it.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { inspect } from '../../machines/inspect';
import { createStaffLiveLogic, StaffLiveMachineContext } from '../../machines/staff-live.context';

export function StaffLiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [logic] = useState(() => createStaffLiveLogic(queryClient));
  return (
    <StaffLiveMachineContext.Provider logic={logic} options={{ inspect }}>
      {children}
    </StaffLiveMachineContext.Provider>
  );
}
