// The frame of every guests' screen: the stream, the header and the cart around it.
import type { ReactNode } from 'react';
import { GuestLive } from '../live/guest-live';
import { AppLayout } from './app-layout';

export function GuestFrame({ children }: { children: ReactNode }) {
  return (
    <GuestLive>
      <AppLayout>{children}</AppLayout>
    </GuestLive>
  );
}
