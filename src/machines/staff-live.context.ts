// React access to the console's live machine (its effects, on `staff/events`, are injected in staff-root.ts).
import { createActorContext } from '@xstate/react';
import { liveMachine } from './live.machine';

export const StaffLiveMachineContext = createActorContext(liveMachine);
