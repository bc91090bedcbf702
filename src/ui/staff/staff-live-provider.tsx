// Runs the console's live machine while staff are signed in: board and menu follow staff/events, or poll without it.
import type { ReactNode } from 'react';
import { inspect } from '../../machines/inspect';
import { StaffLiveMachineContext } from '../../machines/staff-live.context';
import { useStaffRoot } from './staff-session-provider';

export function StaffLiveProvider({ children }: { children: ReactNode }) {
  const { live } = useStaffRoot();
  return (
    <StaffLiveMachineContext.Provider logic={live} options={{ inspect }}>
      {children}
    </StaffLiveMachineContext.Provider>
  );
}
