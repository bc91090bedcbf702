// A screen that failed to download offline comes back styled: every stylesheet that failed is loaded afresh.
import { afterEach, describe, expect, it } from 'vitest';
import { reloadFailedStyles, watchAssetFailures } from '../../../src/ui/shell/asset-recovery';

const ORIGIN = window.location.origin;

/** A stylesheet <link> in the head, as Vite's loader adds one for a screen. */
function stylesheet(path: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = `${ORIGIN}${path}`;
  document.head.append(link);
  return link;
}

const linksTo = (path: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.href === `${ORIGIN}${path}`,
  );

describe('asset recovery', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    document.head.replaceChildren();
  });

  it('loads again every stylesheet of a screen that failed, not only the one Vite reports', async () => {
    stop = watchAssetFailures();
    const reported = stylesheet('/assets/table-picker.css');
    const unreported = stylesheet('/assets/cart.css');
    const loaded = stylesheet('/assets/boot.css');
    reported.dispatchEvent(new Event('error'));
    unreported.dispatchEvent(new Event('error'));
    // Vite's loader stops at the first failure of a screen, and says so once.
    const preloadError = Object.assign(new Event('vite:preloadError'), {
      payload: new Error(`Unable to preload CSS for ${reported.href}`),
    });
    window.dispatchEvent(preloadError);

    const reloading = reloadFailedStyles();
    for (const path of ['/assets/table-picker.css', '/assets/cart.css']) {
      const [fresh, ...others] = linksTo(path);
      expect(others).toEqual([]);
      // The failed <link> is gone and a new one asks again.
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(path === '/assets/cart.css' ? unreported : reported);
      fresh!.dispatchEvent(new Event('load'));
    }
    await reloading;
    expect(linksTo('/assets/boot.css')).toEqual([loaded]);

    // Once loaded, they are not asked for again.
    await reloadFailedStyles();
    expect(linksTo('/assets/cart.css')).toHaveLength(1);
  });
});
