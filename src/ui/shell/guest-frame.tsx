// The frame of every guests' screen: the stream, the header and the cart around it, and the messages it needs.
import type { ReactNode } from 'react';
import { useLaterMessages } from '../i18n/i18n';
import { GuestLive } from '../live/guest-live';
import { ScreenLoader } from '../loader/screen-loader';
import { AppLayout } from './app-layout';

/** `laterMessages`: the screen shows messages past the first part of the catalog, so it waits for them. */
export function GuestFrame({ laterMessages, children }: { laterMessages: boolean; children: ReactNode }) {
  const ready = useLaterMessages(laterMessages);
  return (
    <GuestLive>
      <AppLayout>{ready ? children : <ScreenLoader />}</AppLayout>
    </GuestLive>
  );
}
