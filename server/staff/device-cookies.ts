// Known devices (OWASP's device cookies): a signed cookie set when someone signs in, naming the account and a random
// id, so that device keeps its own count of failures and is never slowed down by guesses made elsewhere.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a device stays known after its last sign-in. */
export const DEVICE_COOKIE_DAYS = 180;

export interface DeviceCookies {
  /** The device's id when the request carries this account's valid cookie. */
  knownDevice(account: string, cookieHeader: string | null | undefined): string | undefined;
  /** The Set-Cookie value that makes this device known for this account, with a fresh id. */
  issue(account: string, secure: boolean): string;
}

// One cookie per account, so a tablet several cooks share knows each of them. The name carries a hash of the
// account's name, never the name itself.
const cookieName = (account: string) =>
  `staff_device_${createHash('sha256').update(account.toLowerCase()).digest('base64url').slice(0, 12)}`;

export function createDeviceCookies(secret: string, maxAgeDays = DEVICE_COOKIE_DAYS): DeviceCookies {
  // A key of its own, derived from the provider's secret: a device cookie is never an order key and vice versa.
  const key = createHmac('sha256', secret).update('staff device cookie').digest();
  const sign = (account: string, id: string) =>
    createHmac('sha256', key).update(`${account.toLowerCase()}\n${id}`).digest('base64url');

  return {
    knownDevice(account, cookieHeader) {
      const name = cookieName(account);
      for (const part of (cookieHeader ?? '').split(';')) {
        const [cookie, value = ''] = part.trim().split('=');
        if (cookie !== name) continue;
        const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
        if (!match?.[1] || !match[2]) return undefined;
        const expected = Buffer.from(sign(account, match[1]));
        const given = Buffer.from(match[2]);
        return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : undefined;
      }
      return undefined;
    },
    issue(account, secure) {
      const id = randomBytes(16).toString('base64url');
      return [
        `${cookieName(account)}=${id}.${sign(account, id)}`,
        'HttpOnly',
        'SameSite=Strict',
        // Sent only where a password is checked: signing in and changing one's password.
        'Path=/api/v1/staff/session',
        `Max-Age=${Math.floor(maxAgeDays * 86_400)}`,
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}
