// The console's frame: the session gate (sign-in form until signed in), navigation by role, sign out, a live region.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { stationsQuery } from '../../api/staff-queries';
import { LiveAnnouncer } from '../feedback/live-announcer';
import { useRestaurant } from '../restaurant/restaurant';
import {
  StaffSessionContext,
  selectIsManager,
  selectWorksTheFloor,
  selectStaffPhase,
  selectStaffSession,
} from '../../machines/staff-session.context';
import { SessionWarning } from './session-warning';
import { SignInScreen } from './sign-in-screen';
import { StaffLiveProvider } from './staff-live-provider';
import { StaffSessionProvider } from './staff-session-provider';
import './staff.css';

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <StaffSessionProvider>
      <LiveAnnouncer>
        {/* The console is in the restaurant's language, whatever the device's guest language (docs/languages.md). */}
        <div className="staff-app" lang="en" dir="ltr">
          <a className="skip-link" href="#staff-main">
            Skip to content
          </a>
          <StaffGate>{children}</StaffGate>
        </div>
      </LiveAnnouncer>
    </StaffSessionProvider>
  );
}

function StaffGate({ children }: { children: ReactNode }) {
  const phase = StaffSessionContext.useSelector(selectStaffPhase);
  if (phase === 'checking') {
    return (
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        <p role="status">Opening the console…</p>
      </main>
    );
  }
  // The form shows in place of the screen, at the same address: after signing in, the same screen is back.
  if (phase !== 'signedIn' && phase !== 'signingOut') {
    return (
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        <SignInScreen />
      </main>
    );
  }
  return (
    <StaffLiveProvider>
      <StaffHeader />
      <SessionWarning />
      <main id="staff-main" className="staff-main" tabIndex={-1}>
        {children}
      </main>
    </StaffLiveProvider>
  );
}

const navLink = { className: 'staff-nav__link', activeProps: { 'aria-current': 'page' as const } };

function StaffHeader() {
  const actor = StaffSessionContext.useActorRef();
  const session = StaffSessionContext.useSelector(selectStaffSession);
  const isManager = StaffSessionContext.useSelector(selectIsManager);
  // Stations and printers come with contract v1.2; an older provider answers null and the link stays away.
  const stations = useQuery(stationsQuery());
  const worksTheFloor = StaffSessionContext.useSelector(selectWorksTheFloor);
  const { name } = useRestaurant();
  return (
    <header className="staff-header">
      <span className="staff-header__brand">{name} · Console</span>
      <nav aria-label="Console" className="staff-nav">
        <Link to="/staff" activeOptions={{ exact: true }} {...navLink}>
          Kitchen
        </Link>
        {worksTheFloor && (
          <Link to="/staff/floor" {...navLink}>
            Floor
          </Link>
        )}
        <Link to="/staff/menu" {...navLink}>
          Menu
        </Link>
        {isManager && (
          <>
            <Link to="/staff/menu-editor" {...navLink}>
              Edit menu
            </Link>
            <Link to="/staff/menu-import" {...navLink}>
              Import
            </Link>
            <Link to="/staff/audit" {...navLink}>
              Changes
            </Link>
            <Link to="/staff/tables" {...navLink}>
              Tables
            </Link>
            <Link to="/staff/accounts" {...navLink}>
              Staff
            </Link>
            <Link to="/staff/settings" {...navLink}>
              Settings
            </Link>
            <Link to="/staff/day" {...navLink}>
              Day
            </Link>
            {/* Last, and its place kept while the stations are read: a link arriving late would push the others
                (onto another row, when the header wraps) under a finger about to tap one. */}
            {stations.isPending ? (
              <span className="staff-nav__link staff-nav__link--placeholder" aria-hidden="true">
                Printers
              </span>
            ) : (
              stations.data && (
                <Link to="/staff/printers" {...navLink}>
                  Printers
                </Link>
              )
            )}
          </>
        )}
      </nav>
      <div className="staff-header__account">
        <span className="staff-header__who">
          {session?.name} ({session?.role ?? 'kitchen'})
        </span>
        <Link to="/staff/password" {...navLink}>
          Change my password
        </Link>
        <button type="button" className="staff-button" onClick={() => actor.send({ type: 'staff.signOut' })}>
          Sign out
        </button>
      </div>
    </header>
  );
}

/** Shown on manager screens to someone without the role (the provider refuses them anyway). */
export function ManagersOnly({ children }: { children: ReactNode }) {
  const isManager = StaffSessionContext.useSelector(selectIsManager);
  if (isManager) return children;
  return (
    <section aria-labelledby="managers-only">
      <h1 id="managers-only">Managers only</h1>
      <p>This screen is for managers. Ask a manager to sign in.</p>
    </section>
  );
}
