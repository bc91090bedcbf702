// Recovers screens whose code or styles failed to download (typically offline): Vite marks a stylesheet it could not
// load as seen and never asks for it again, so a retried screen would render unstyled until a full reload. This
// remembers every stylesheet that failed and loads them afresh before the screen is tried again.

const CSS_FAILURE = /^Unable to preload CSS for (\S+)/;
// Chromium, Firefox and Safari's words for a dynamic import whose file could not be fetched.
const MODULE_FAILURE =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/;

const failedStyles = new Set<string>();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** A screen's code or stylesheet could not be downloaded: worth retrying once the network is back. */
export function isAssetLoadError(error: unknown): boolean {
  const message = messageOf(error);
  return CSS_FAILURE.test(message) || MODULE_FAILURE.test(message);
}

/** Records every stylesheet that fails to load; call once at start-up. Returns a function that stops watching. */
export function watchAssetFailures(target: Window = window): () => void {
  // Not Vite's `vite:preloadError`: it reports only a screen's first stylesheet that failed (its loader stops there),
  // and a screen may bring several. Every <link> that fails is heard here (an error does not bubble; it is captured).
  const onError = (event: Event) => {
    const element = event.target;
    if (element instanceof HTMLLinkElement && element.rel === 'stylesheet' && element.href)
      failedStyles.add(element.href);
  };
  target.addEventListener('error', onError, true);
  return () => target.removeEventListener('error', onError, true);
}

/** Loads again every stylesheet that failed; rejects if one still cannot be loaded. */
export async function reloadFailedStyles(): Promise<void> {
  await Promise.all([...failedStyles].map(reloadStyle));
}

function reloadStyle(href: string): Promise<void> {
  // The failed <link> is still in the document, and Vite skips any stylesheet it finds there.
  for (const stale of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (stale.href === href) stale.remove();
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  return new Promise((resolve, reject) => {
    link.addEventListener('load', () => {
      failedStyles.delete(href);
      resolve();
    });
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`Unable to preload CSS for ${href}`));
    });
    document.head.append(link);
  });
}
