// A big menu: 2,000 dishes in one sub-category; how long the POS screen takes to show it and to switch away and back.
import type { Browser, Page } from '@playwright/test';
import { newBenchContext } from './browser';
import { summarise, type Figure } from './stats';

export interface BigMenuResult {
  items: number;
  /** Click on the big sub-category until its dishes are on screen and painted. */
  showBig: Figure;
  /** Click on a small sub-category, from the big one, until its dishes are painted. */
  switchAway: Figure;
  /** Frames longer than 50 ms (visibly dropped) during all the switches. */
  longFrames: number;
  longestFrame: number;
}

interface SwitchMark {
  ms: number;
  longestFrame: number;
  longFrames: number;
}

/** In the page: clicks the link, waits until `ready()` holds and a frame is painted, and watches frame lengths meanwhile. */
async function timedSwitch(page: Page, linkName: string, firstDishText: string): Promise<SwitchMark> {
  return page.evaluate(
    ({ linkName, firstDishText }) =>
      new Promise<SwitchMark>((resolve, reject) => {
        const link = [...document.querySelectorAll<HTMLElement>('[data-testid="sub-category"]')].find((element) =>
          element.textContent?.includes(linkName),
        );
        if (!link) return reject(new Error(`no sub-category link named ${linkName}`));
        let last = performance.now();
        let longestFrame = 0;
        let longFrames = 0;
        let watching = true;
        const frame = (now: number) => {
          const length = now - last;
          last = now;
          longestFrame = Math.max(longestFrame, length);
          if (length > 50) longFrames += 1;
          if (watching) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        const start = performance.now();
        link.click();
        const check = () => {
          const first = document.querySelector('[data-testid="menu-item"]');
          if (first?.textContent?.includes(firstDishText)) {
            // The frame after the DOM change is the one that paints it.
            requestAnimationFrame(() =>
              setTimeout(() => {
                watching = false;
                resolve({ ms: performance.now() - start, longestFrame, longFrames });
              }, 0),
            );
          } else if (performance.now() - start > 10_000) reject(new Error(`${linkName} did not show ${firstDishText}`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { linkName, firstDishText },
  );
}

export async function measureBigMenu(browser: Browser, origin: string, runs = 7): Promise<BigMenuResult> {
  const token = { Authorization: 'Bearer demo-token' };
  const subCategories: { id: number; name: string; category_id: number }[] = await (
    await fetch(`${origin}/api/v1/sub-category?category_id=2`, { headers: token })
  ).json();
  const big = subCategories.find((sub) => sub.name === "Chef's big menu");
  const small = subCategories.find((sub) => sub !== big);
  if (!big || !small) throw new Error('the provider was not seeded with the big menu (PROVIDER_SEED_EXTRA_ITEMS)');
  const dishes = async (subId: number) =>
    (await (await fetch(`${origin}/api/v1/menu?sub_cat_id=${subId}`, { headers: token })).json()) as { name: string }[];
  const [bigDishes, smallDishes] = await Promise.all([dishes(big.id), dishes(small.id)]);

  const context = await newBenchContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/?category_id=2&sub_cat_id=${small.id}`);
  await page.getByTestId('menu-item').first().waitFor({ timeout: 20_000 });

  const showBig: number[] = [];
  const switchAway: number[] = [];
  let longFrames = 0;
  let longestFrame = 0;
  // The first visit fetches the data; the runs measure rendering, as a guest switching tabs back and forth would see.
  await timedSwitch(page, big.name, bigDishes[0]!.name);
  await timedSwitch(page, small.name, smallDishes[0]!.name);
  for (let run = 0; run < runs; run += 1) {
    const toBig = await timedSwitch(page, big.name, bigDishes[0]!.name);
    const back = await timedSwitch(page, small.name, smallDishes[0]!.name);
    showBig.push(toBig.ms);
    switchAway.push(back.ms);
    longFrames += toBig.longFrames + back.longFrames;
    longestFrame = Math.max(longestFrame, toBig.longestFrame, back.longestFrame);
  }
  await context.close();
  return {
    items: bigDishes.length,
    showBig: summarise(showBig),
    switchAway: summarise(switchAway),
    longFrames,
    longestFrame,
  };
}
