// What every provider call carries and how every answer is heard, whichever way it travelled: through ky, or as an
// answer to a read the early script sent before the app's code arrived.
import * as z from 'zod/mini';
import { deviceStore } from '../device/device-store';
import { currentLanguage } from '../device/language';
import { adoptRuntimeConfig, apiToken, readRuntimeConfig, SESSION_API_KEY } from './config';

const sessionApiKey = deviceStore(SESSION_API_KEY, z.string(), { storage: 'session', format: 'text' });

/** Spec §8: any call answering 503 ends the session's key (the live stream's calls too). */
export function forgetSessionApiKey() {
  sessionApiKey.remove();
}

/**
 * The headers every call sends: the app's token, JSON, and the guest's language unless the call asks for another (the
 * console asks for the restaurant's own).
 */
export function callHeaders(language: string | null | undefined) {
  return {
    Authorization: `Bearer ${apiToken()}`,
    Accept: 'application/json',
    'Accept-Language': language ?? currentLanguage(),
  };
}

/** What any answer means beyond its call: a 503 ends the session's key; an app token refused is looked at again. */
export function noteAnswer(url: string, status: number) {
  // Spec §8: a 503 ends the session's key; a 500 gets no special handling.
  if (status === 503) forgetSessionApiKey();
  // Outside staff/ a 401 can only be the app's token (staff calls also answer it for an ended session).
  if (status === 401 && !new URL(url).pathname.includes('/staff/')) {
    void import('./token-refusal').then(({ recoverRefusedToken }) =>
      recoverRefusedToken({ token: apiToken(), read: readRuntimeConfig, adopt: adoptRuntimeConfig }),
    );
  }
}
