// Runs the console's machines (staff-root.ts) once for the console, and lets any screen report a call that found the session gone.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { StaffSessionContext } from '../../machines/staff-session.context';
import { createStaffRoot, isSessionEnded, type StaffRoot } from '../../machines/staff-root';

export { isSessionEnded };

const StaffRootContext = createContext<StaffRoot | null>(null);

/** The console's machines, for the providers that run them (the live stream runs only while signed in). */
export function useStaffRoot(): StaffRoot {
  const root = useContext(StaffRootContext);
  if (!root) throw new Error('useStaffRoot needs the StaffSessionProvider');
  return root;
}

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [root] = useState(() => createStaffRoot(queryClient));
  return (
    <StaffRootContext.Provider value={root}>
      <StaffSessionContext.Provider logic={root.session}>{children}</StaffSessionContext.Provider>
    </StaffRootContext.Provider>
  );
}

/** The console then asks to sign in again. */
export function useSessionEndedOn(error: unknown) {
  const actor = StaffSessionContext.useActorRef();
  useEffect(() => {
    if (isSessionEnded(error)) actor.send({ type: 'staff.sessionEnded' });
  }, [actor, error]);
}
