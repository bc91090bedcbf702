// A category (name, description, hours, station, translations) or a sub-category (name, where it sits, translations).
import { useId, useState, type FormEvent } from 'react';
import {
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
import { FormActions, FormTitle, HoursField, NameFields, StationField, TranslationsField } from './editor-fields';
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
      <FormTitle id={id} title={category ? `Category: ${category.name}` : 'New category'} hidden={category?.hidden} />
      <NameFields id={id} name={draft.name} description={draft.description} descriptionRows={2} onChange={set} />
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
      <FormActions
        what="category"
        exists={category !== undefined}
        hidden={category?.hidden}
        save={save}
        visibility={visibility}
      />
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
      <FormTitle id={id} title={sub ? `Sub-category: ${sub.name}` : 'New sub-category'} hidden={sub?.hidden} />
      <NameFields id={id} name={draft.name} onChange={set} />
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
      <FormActions
        what="sub-category"
        exists={sub !== undefined}
        hidden={sub?.hidden}
        save={save}
        visibility={visibility}
      />
    </form>
  );
}
