// A category (name, description, hours, station, translations) or a sub-category (name, where it sits, translations).
import { useId, useState, type FormEvent } from 'react';
import {
  MENU_LIMITS,
  type DocumentCategory,
  type DocumentSubCategory,
  type HoursInput,
  type Translations,
} from '../../../../contract/menu-admin';
import {
  createCategory,
  createSubCategory,
  hideCategory,
  hideSubCategory,
  updateCategory,
  updateSubCategory,
} from '../../../api/menu-admin-calls';
import { HoursField, SaveProblem, StationField, TranslationsField } from './editor-fields';
import { useMenuChange } from './use-menu-change';

type WithId<T> = T & { id: number };

export function CategoryForm({
  category,
  languages,
  onCreated,
}: {
  category: WithId<DocumentCategory> | undefined;
  languages: readonly string[];
  onCreated: (id: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => ({
    name: category?.name ?? '',
    description: category?.description ?? '',
    station: category?.station ?? null,
    hours: (category?.hours ?? null) as HoursInput,
    translations: structuredClone(category?.translations ?? {}) as Translations,
  }));
  const set = (patch: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useMenuChange(
    (body: typeof draft) => {
      const sent = { ...body, description: body.description.trim() === '' ? null : body.description };
      return category ? updateCategory(category.id, sent) : createCategory(sent);
    },
    (saved) => `${saved.name} saved`,
    (saved) => {
      if (!category) onCreated(saved.id);
    },
  );
  const visibility = useMenuChange(
    (hidden: boolean) =>
      hidden && category ? hideCategory(category.id) : updateCategory(category?.id ?? 0, { hidden: false }),
    (saved) => `${saved.name} ${saved.hidden ? 'hidden from guests' : 'shown to guests'}`,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className="editor-form" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="category-form">
      <h2 id={`${id}-title`} tabIndex={-1}>
        {category ? `Category: ${category.name}` : 'New category'}
        {category?.hidden && <span className="editor-badge">Hidden</span>}
      </h2>
      <span className="staff-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          required
          maxLength={MENU_LIMITS.nameLength}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      </span>
      <span className="staff-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={MENU_LIMITS.descriptionLength}
          value={draft.description}
          onChange={(event) => set({ description: event.target.value })}
        />
      </span>
      <StationField value={draft.station} onChange={(station) => set({ station })} emptyMeans="the kitchen" />
      <HoursField
        value={draft.hours}
        onChange={(hours) => set({ hours })}
        emptyMeans="served at all hours (a dish with hours of its own keeps them)"
      />
      <TranslationsField
        languages={languages}
        value={draft.translations}
        onChange={(translations) => set({ translations })}
        withDescription
      />
      <SaveProblem error={save.error} what="save the category" />
      <div className="editor-actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : category ? 'Save category' : 'Add category'}
        </button>
        {category && (
          <button
            type="button"
            className="staff-button"
            disabled={visibility.isPending}
            onClick={() => visibility.mutate(!category.hidden)}
          >
            {category.hidden ? 'Show to guests' : 'Hide from guests'}
          </button>
        )}
      </div>
      <SaveProblem error={visibility.error} what="change what guests see" />
    </form>
  );
}

export function SubCategoryForm({
  sub,
  categoryId,
  categories,
  languages,
  onCreated,
}: {
  sub: WithId<DocumentSubCategory> | undefined;
  categoryId: number;
  categories: readonly { id: number; name: string }[];
  languages: readonly string[];
  onCreated: (id: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => ({
    name: sub?.name ?? '',
    category_id: categoryId,
    translations: structuredClone(sub?.translations ?? {}) as Translations,
  }));
  const set = (patch: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = useMenuChange(
    (body: typeof draft) => (sub ? updateSubCategory(sub.id, body) : createSubCategory(body)),
    (saved) => `${saved.name} saved`,
    (saved) => {
      if (!sub) onCreated(saved.id);
    },
  );
  const visibility = useMenuChange(
    (hidden: boolean) => (hidden && sub ? hideSubCategory(sub.id) : updateSubCategory(sub?.id ?? 0, { hidden: false })),
    (saved) => `${saved.name} ${saved.hidden ? 'hidden from guests' : 'shown to guests'}`,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className="editor-form" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="sub-category-form">
      <h2 id={`${id}-title`} tabIndex={-1}>
        {sub ? `Sub-category: ${sub.name}` : 'New sub-category'}
        {sub?.hidden && <span className="editor-badge">Hidden</span>}
      </h2>
      <span className="staff-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          required
          maxLength={MENU_LIMITS.nameLength}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      </span>
      <span className="staff-field">
        <label htmlFor={`${id}-category`}>In category</label>
        <select
          id={`${id}-category`}
          value={draft.category_id}
          onChange={(event) => set({ category_id: Number(event.target.value) })}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </span>
      <TranslationsField
        languages={languages}
        value={draft.translations}
        onChange={(translations) => set({ translations })}
        withDescription={false}
      />
      <SaveProblem error={save.error} what="save the sub-category" />
      <div className="editor-actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : sub ? 'Save sub-category' : 'Add sub-category'}
        </button>
        {sub && (
          <button
            type="button"
            className="staff-button"
            disabled={visibility.isPending}
            onClick={() => visibility.mutate(!sub.hidden)}
          >
            {sub.hidden ? 'Show to guests' : 'Hide from guests'}
          </button>
        )}
      </div>
      <SaveProblem error={visibility.error} what="change what guests see" />
    </form>
  );
}
