// A list of dish cards, optionally grouped under section headings, drawn a page at a time so even a huge menu opens at once.
import { useRouter } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MenuItem } from '../../../contract/guest';
import { CartMachineContext } from '../../machines/cart.context';
import { isOrderItem } from '../../domain/cart';
import { ADD_TO_ORDER_HINT_ID, useAddToOrderProblem, useDishesBeingAdded } from '../ordering/add-to-order';
import { useAddItems, useAddToOrderId } from '../ordering/use-add-items';
import { MenuCard } from './menu-card';
import { t } from '../i18n/i18n';
import { useFirstScreenFrame } from '../first-screen';

/** Cards drawn at first and added each time the guest nears the end: enough to fill a tablet several times over. */
export const PAGE_SIZE = 24;
/**
 * Cards drawn in the first frame after the splash: what a phone shows under the screen's top. That frame lays out
 * the whole screen for the first time, and the cards cost half of it (pictures, badges, allergen icons); the rest of
 * the first page follows a frame later, so neither frame is a long task on a phone.
 */
export const FIRST_FRAME_CARDS = 2;
const EAGER_IMAGES = 4;

export interface MenuGroup {
  id: number;
  name: string;
}

interface MenuListProps {
  items: readonly MenuItem[];
  /** Sections to group the dishes under, in this order (a category's sub-categories); dishes of other sections follow. */
  groups?: readonly MenuGroup[] | undefined;
  /** The section the dishes' links keep (the add-to-order mode is kept by the route); each adds its own `menu_id`. */
  linkSearch: DishLinkSearch;
  onOpen: (menuId: number) => void;
}

export interface DishLinkSearch {
  category_id?: number | undefined;
  sub_cat_id?: number | undefined;
}

interface Section {
  group: MenuGroup | null;
  items: MenuItem[];
}

function toSections(items: readonly MenuItem[], groups: readonly MenuGroup[] | undefined): Section[] {
  if (!groups || groups.length === 0) return [{ group: null, items: [...items] }];
  const byGroup = new Map<number, MenuItem[]>(groups.map((group) => [group.id, []]));
  const rest: MenuItem[] = [];
  for (const item of items) (byGroup.get(item.sub_cat_id) ?? rest).push(item);
  const sections: Section[] = groups
    .map((group) => ({ group, items: byGroup.get(group.id) ?? [] }))
    .filter((section) => section.items.length > 0);
  if (rest.length > 0)
    sections.push({ group: sections.length > 0 ? { id: 0, name: t('pos.more') } : null, items: rest });
  return sections;
}

/** The sections cut to the first `limit` dishes, each knowing where it starts in the whole list. */
function firstDishes(sections: readonly Section[], limit: number): (Section & { start: number })[] {
  const shown: (Section & { start: number })[] = [];
  let start = 0;
  for (const section of sections) {
    if (start >= limit) break;
    const items = section.items.slice(0, limit - start);
    shown.push({ group: section.group, items, start });
    start += items.length;
  }
  return shown;
}

/** The dishes' addresses in one section, built by the router (typed search) on first use and kept. */
class DishLinks {
  private readonly built = new Map<number, string>();

  constructor(
    private readonly router: ReturnType<typeof useRouter>,
    private readonly search: DishLinkSearch & { add_to: string | undefined },
  ) {}

  href(menuId: number): string {
    let href = this.built.get(menuId);
    if (href === undefined) {
      href = this.router.buildLocation({ to: '/', search: { ...this.search, menu_id: menuId } }).href;
      this.built.set(menuId, href);
    }
    return href;
  }
}

const selectEntries = (snapshot: { context: { entries: readonly unknown[] } }) => snapshot.context.entries;

/** How many of each dish the cart holds, counted once per list render rather than once per card. */
function useCountsInCart(): ReadonlyMap<number, number> {
  const entries = CartMachineContext.useSelector(selectEntries);
  return useMemo(() => {
    const counts = new Map<number, number>();
    for (const entry of entries)
      if (isOrderItem(entry)) counts.set(entry.menu_id, (counts.get(entry.menu_id) ?? 0) + 1);
    return counts;
  }, [entries]);
}

// Memoised: opening a dish changes the URL, which must not redraw a long list.
export const MenuList = memo(function MenuList({ items, groups, linkSearch, onOpen }: MenuListProps) {
  const router = useRouter();
  const addItems = useAddItems();
  const addToOrderId = useAddToOrderId();
  const addsTo = addToOrderId === undefined ? 'cart' : 'order';
  const beingAdded = useDishesBeingAdded(addToOrderId);
  const closedBy = useAddToOrderProblem(addToOrderId) ? ADD_TO_ORDER_HINT_ID : undefined;
  const counts = useCountsInCart();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const firstFrame = useFirstScreenFrame();
  const drawn = firstFrame ? Math.min(limit, FIRST_FRAME_CARDS) : limit;
  const more = useRef<HTMLButtonElement>(null);
  const focusAfterMore = useRef<number | null>(null);

  const sections = useMemo(() => toSections(items, groups), [items, groups]);
  const ordered = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const remaining = Math.max(0, ordered.length - limit);
  const visible = useMemo(() => firstDishes(sections, drawn), [sections, drawn]);

  const onAdd = useCallback((item: MenuItem) => addItems(item, 1), [addItems]);
  // Each dish's address is built by the router once per section and dish, so a re-render of thousands of cards (say,
  // after an Add) costs no router work per card.
  const links = useMemo(
    () => new DishLinks(router, { ...linkSearch, add_to: addToOrderId }),
    [router, linkSearch, addToOrderId],
  );

  // Near the end of what is drawn, draw the next page; the button below does the same for keyboards and old browsers.
  useEffect(() => {
    const button = more.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLimit((current) => current + PAGE_SIZE);
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [limit, remaining, firstFrame]);

  useEffect(() => {
    if (focusAfterMore.current === null) return;
    document.querySelector<HTMLElement>(`[data-dish-link="${focusAfterMore.current}"]`)?.focus();
    focusAfterMore.current = null;
  }, [limit]);

  const grouped = sections.length > 1 || sections[0]?.group != null;
  return (
    <div className="menu-list">
      {visible.map((section) => {
        const cards = (
          <ul className="menu-grid">
            {section.items.map((item, index) => (
              <li key={item.id} className="menu-grid__cell">
                <MenuCard
                  item={item}
                  href={links.href(item.id)}
                  inCart={counts.get(item.id) ?? 0}
                  headingLevel={grouped ? 4 : 3}
                  eagerImage={section.start + index < EAGER_IMAGES}
                  onOpen={onOpen}
                  onAdd={onAdd}
                  addsTo={addsTo}
                  adding={beingAdded.has(item.id)}
                  closedBy={closedBy}
                />
              </li>
            ))}
          </ul>
        );
        if (!section.group) return <div key="all">{cards}</div>;
        const headingId = `menu-group-${section.group.id}`;
        return (
          <section key={section.group.id} className="menu-group" aria-labelledby={headingId}>
            <h3 id={headingId} className="menu-group__title">
              {section.group.name}
            </h3>
            {cards}
          </section>
        );
      })}
      {remaining > 0 && !firstFrame && (
        <div className="menu-list__more">
          <button
            ref={more}
            type="button"
            className="button button--secondary"
            onClick={() => {
              focusAfterMore.current = ordered[limit]?.id ?? null;
              setLimit((current) => current + PAGE_SIZE);
            }}
          >
            Show more dishes ({remaining} more)
          </button>
        </div>
      )}
    </div>
  );
});
