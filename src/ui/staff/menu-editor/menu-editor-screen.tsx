// The menu back office (managers): the whole menu as an outline to reorder and open, and the form of what is open.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type {
  DocumentCategory,
  DocumentItem,
  DocumentSubCategory,
  MenuDocument,
} from '../../../../contract/menu-admin';
import { updateCategory, changeDish, updateSubCategory } from '../../../api/menu-admin-calls';
import { menuDocumentQuery, menuLanguagesQuery } from '../../../api/staff-queries';
import { formatMoney } from '../../format';
import { LoadState } from '../load-state';
import { useSessionEndedOn } from '../staff-session-provider';
import { DishForm } from './dish-form';
import { languageName, SaveProblem } from './editor-fields';
import { CategoryForm, SubCategoryForm } from './section-forms';
import { useMenuChange } from './use-menu-change';
import { editSearch, type EditTarget } from './edit-target';
import './menu-editor.css';

type WithId<T> = T & { id: number };
type Kind = 'category' | 'sub' | 'dish';

/** What a language still lacks: the entity's name untranslated. */
const untranslated = (
  entity: { translations?: Record<string, { name: string }> | undefined },
  languages: readonly string[],
) => languages.filter((language) => !entity.translations?.[language]?.name);

export function MenuEditorScreen({
  edit,
  onEdit,
}: {
  edit: EditTarget | undefined;
  onEdit: (target?: EditTarget) => void;
}) {
  const documentQuery = useQuery(menuDocumentQuery());
  const languagesQuery = useQuery(menuLanguagesQuery());
  useSessionEndedOn(documentQuery.error);
  const others = (languagesQuery.data ?? []).slice(1);
  const menu = documentQuery.data;

  return (
    <section aria-labelledby="editor-title" className="menu-editor">
      <h1 id="editor-title">Edit the menu</h1>
      <p className="staff-note">
        Guests see each change at once. Nothing is deleted: what you hide keeps its place in past orders and can be
        shown again. Translations: {others.length > 0 ? others.map(languageName).join(', ') : 'none offered'}.
      </p>
      <LoadState query={documentQuery} what="the menu" />
      {menu && (
        <div className="menu-editor__panes">
          <Outline menu={menu} languages={others} current={edit} />
          <div className="menu-editor__form">
            <OpenForm menu={menu} edit={edit} languages={others} onEdit={onEdit} />
          </div>
        </div>
      )}
    </section>
  );
}

function OpenForm({
  menu,
  edit,
  languages,
  onEdit,
}: {
  menu: MenuDocument;
  edit: EditTarget | undefined;
  languages: readonly string[];
  onEdit: (target?: EditTarget) => void;
}) {
  const heading = useRef<HTMLDivElement>(null);
  const key = edit ? editSearch(edit) : 'none';
  // Opening something from the outline takes the keyboard to its form.
  useEffect(() => {
    if (key !== 'none') heading.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: false });
  }, [key]);
  const categories = menu.categories.filter((one): one is WithId<DocumentCategory> => one.id !== undefined);
  const subs = categories.flatMap((category) =>
    category.sub_categories.map(
      (sub) => ({ ...sub, categoryId: category.id }) as WithId<DocumentSubCategory> & { categoryId: number },
    ),
  );
  const dishes = subs.flatMap((sub) =>
    sub.items.map((item) => ({ ...item, subId: sub.id }) as WithId<DocumentItem> & { subId: number }),
  );

  let form;
  if (!edit) {
    form = (
      <p className="staff-note">Choose a category, a sub-category or a dish in the outline to edit it, or add one.</p>
    );
  } else if (edit.kind === 'new-category' || edit.kind === 'category') {
    const category = edit.kind === 'category' ? categories.find((one) => one.id === edit.id) : undefined;
    form = (edit.kind === 'new-category' || category) && (
      <CategoryForm category={category} languages={languages} onCreated={(id) => onEdit({ kind: 'category', id })} />
    );
  } else if (edit.kind === 'new-sub' || edit.kind === 'sub') {
    const sub = edit.kind === 'sub' ? subs.find((one) => one.id === edit.id) : undefined;
    const categoryId = edit.kind === 'new-sub' ? edit.categoryId : sub?.categoryId;
    form = categoryId !== undefined && (edit.kind === 'new-sub' || sub) && (
      <SubCategoryForm
        sub={sub}
        categoryId={categoryId}
        categories={categories}
        languages={languages}
        onCreated={(id) => onEdit({ kind: 'sub', id })}
      />
    );
  } else {
    const dish = edit.kind === 'dish' ? dishes.find((one) => one.id === edit.id) : undefined;
    const subId = edit.kind === 'new-dish' ? edit.subId : dish?.subId;
    form = subId !== undefined && (edit.kind === 'new-dish' || dish) && (
      <DishForm
        dish={dish}
        subCategoryId={subId}
        languages={languages}
        onCreated={(id) => onEdit({ kind: 'dish', id })}
      />
    );
  }
  return (
    <div ref={heading} key={key}>
      {form || <p className="staff-error">That is no longer on the menu.</p>}
    </div>
  );
}

function Outline({
  menu,
  languages,
  current,
}: {
  menu: MenuDocument;
  languages: readonly string[];
  current: EditTarget | undefined;
}) {
  const move = useMenuChange(
    async ({ kind, id, sort }: { kind: Kind; id: number; sort: number; name: string }): Promise<unknown> =>
      kind === 'category'
        ? updateCategory(id, { sort })
        : kind === 'sub'
          ? updateSubCategory(id, { sort })
          : changeDish(id, { sort }),
    (_saved, { name, sort }) => `${name} moved to place ${sort + 1}`,
  );
  const moving = move.isPending;
  const isOpen = (kind: Kind, id: number) =>
    current !== undefined && 'id' in current && current.kind === kind && current.id === id;

  return (
    <nav aria-label="Menu outline" className="menu-outline">
      <SaveProblem error={move.error} what="move it" />
      <ol className="menu-outline__list">
        {menu.categories.map((category, c) => {
          const categoryId = category.id ?? 0;
          return (
            <li key={categoryId} className="menu-outline__category">
              <Row
                kind="category"
                id={categoryId}
                name={category.name}
                open={isOpen('category', categoryId)}
                notes={[
                  category.hidden ? 'hidden' : '',
                  category.hours ? 'hours' : '',
                  category.station ? category.station : '',
                  ...untranslated(category, languages).map((language) => `no ${languageName(language)}`),
                ]}
                first={c === 0}
                last={c === menu.categories.length - 1}
                disabled={moving}
                onMove={(by) => move.mutate({ kind: 'category', id: categoryId, sort: c + by, name: category.name })}
              />
              <ol className="menu-outline__list">
                {category.sub_categories.map((sub, s) => {
                  const subId = sub.id ?? 0;
                  return (
                    <li key={subId} className="menu-outline__sub">
                      <Row
                        kind="sub"
                        id={subId}
                        name={sub.name}
                        open={isOpen('sub', subId)}
                        notes={[
                          sub.hidden ? 'hidden' : '',
                          ...untranslated(sub, languages).map((language) => `no ${languageName(language)}`),
                        ]}
                        first={s === 0}
                        last={s === category.sub_categories.length - 1}
                        disabled={moving}
                        onMove={(by) => move.mutate({ kind: 'sub', id: subId, sort: s + by, name: sub.name })}
                      />
                      <ol className="menu-outline__list">
                        {sub.items.map((item, i) => {
                          const itemId = item.id ?? 0;
                          return (
                            <li key={itemId} className="menu-outline__dish" data-testid="outline-dish">
                              <Row
                                kind="dish"
                                id={itemId}
                                name={item.name}
                                detail={formatMoney(item.price)}
                                open={isOpen('dish', itemId)}
                                notes={[
                                  item.hidden ? 'hidden' : '',
                                  item.available === false ? 'sold out' : '',
                                  item.hours ? 'hours' : '',
                                  item.allergens === null ? 'allergens not declared' : '',
                                  ...untranslated(item, languages).map((language) => `no ${languageName(language)}`),
                                ]}
                                first={i === 0}
                                last={i === sub.items.length - 1}
                                disabled={moving}
                                onMove={(by) =>
                                  move.mutate({ kind: 'dish', id: itemId, sort: i + by, name: item.name })
                                }
                              />
                            </li>
                          );
                        })}
                      </ol>
                      <Link
                        className="staff-link menu-outline__add"
                        to="/staff/menu-editor"
                        search={{ edit: `new-dish-${subId}` }}
                      >
                        Add a dish<span className="visually-hidden"> to {sub.name}</span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
              <Link
                className="staff-link menu-outline__add"
                to="/staff/menu-editor"
                search={{ edit: `new-sub-${categoryId}` }}
              >
                Add a sub-category<span className="visually-hidden"> to {category.name}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      <Link className="staff-button" to="/staff/menu-editor" search={{ edit: 'new-category' }}>
        Add a category
      </Link>
    </nav>
  );
}

function Row({
  kind,
  id,
  name,
  detail,
  notes,
  open,
  first,
  last,
  disabled,
  onMove,
}: {
  kind: Kind;
  id: number;
  name: string;
  detail?: string;
  notes: string[];
  open: boolean;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (by: number) => void;
}) {
  const shown = notes.filter(Boolean);
  return (
    <div className={`menu-outline__row${open ? ' menu-outline__row--open' : ''}`}>
      <Link
        className="menu-outline__name"
        to="/staff/menu-editor"
        search={{ edit: `${kind}-${id}` }}
        aria-current={open ? 'true' : undefined}
      >
        {name}
      </Link>
      {detail && <span className="menu-outline__detail">{detail}</span>}
      {shown.length > 0 && <span className="menu-outline__notes">{shown.join(' · ')}</span>}
      {/* aria-disabled, not disabled: a keyboard user moving a dish step by step keeps the focus on its button. */}
      <span className="menu-outline__moves">
        <button
          type="button"
          className="staff-button staff-button--quiet"
          aria-disabled={first || disabled || undefined}
          onClick={() => !first && !disabled && onMove(-1)}
        >
          <span aria-hidden="true">↑</span>
          <span className="visually-hidden">Move {name} up</span>
        </button>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          aria-disabled={last || disabled || undefined}
          onClick={() => !last && !disabled && onMove(1)}
        >
          <span aria-hidden="true">↓</span>
          <span className="visually-hidden">Move {name} down</span>
        </button>
      </span>
    </div>
  );
}
