// Answers to reads sent before the app's code arrived (src/early.ts), kept for the api client to take instead of asking
// again: on a slow network the first screen's data then travels beside its code, not after it.

/** An early answer older than this is not handed out: the spec's refetch age (STALE_TIME_MS), so never staler than a cached one. */
const FRESH_MS = 10_000;

interface EarlyAnswer {
  response: Promise<Response>;
  authorization: string;
  language: string;
  sentAt: number;
}

const answers = new Map<string, EarlyAnswer>();

/** Sends a GET the app will make with the same headers (see client.ts), and keeps its answer for it. */
export function sendEarlyRead(
  url: string,
  { token, language }: { token: string; language: string },
): Promise<Response> {
  const authorization = `Bearer ${token}`;
  const response = fetch(url, {
    headers: { Authorization: authorization, Accept: 'application/json', 'Accept-Language': language },
  });
  answers.set(url, { response, authorization, language, sentAt: Date.now() });
  // A failure is the app's to meet when it asks (it then asks again itself), not an unhandled rejection now.
  response.catch(() => {});
  return response;
}

/**
 * The early answer to a GET of this URL, once: sent less than 10 s ago with the same token and language; none
 * otherwise, and the call is sent as asked.
 */
export function takeEarlyAnswer(
  url: string,
  headers: { Authorization: string; 'Accept-Language': string },
): Promise<Response> | undefined {
  const early = answers.get(url);
  if (!early) return undefined;
  answers.delete(url);
  const fresh = Date.now() - early.sentAt < FRESH_MS;
  const same = headers.Authorization === early.authorization && headers['Accept-Language'] === early.language;
  return fresh && same ? early.response : undefined;
}
