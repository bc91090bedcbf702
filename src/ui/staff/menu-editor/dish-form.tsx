// One dish in the back office: everything a guest reads about it, its options, hours, station, photo and translations.
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  MENU_LIMITS,
  type DocumentItem,
  type HoursInput,
  type OptionGroupInput,
  type Translations,
} from '../../../../contract/menu-admin';
import { dietContradictions } from '../../../domain/menu-checks';
import { changeDish, createDish, hideDish, uploadDishPhoto } from '../../../api/menu-admin-calls';
import { ApiError } from '../../../api/errors';
import { DishImage } from '../../dish-image';
import { isSessionEnded } from '../staff-session-provider';
import {
  AllergensField,
  FormActions,
  FormTitle,
  HoursField,
  NameFields,
  StationField,
  TagsField,
  TranslationsField,
} from './editor-fields';
import { OptionsField } from './options-field';
import { useMenuChange } from './use-menu-change';
import { useStatusLine } from '../status-line';

interface Draft {
  name: string;
  description: string;
  price: string;
  prep_minutes: string;
  available: boolean;
  allergens: string[] | null;
  diets: string[];
  tags: string[];
  station: string | null;
  hours: HoursInput;
  options: OptionGroupInput[];
  translations: Translations;
}

const draftOf = (dish: DocumentItem | undefined): Draft => ({
  name: dish?.name ?? '',
  description: dish?.description ?? '',
  price: dish ? dish.price.toFixed(2) : '',
  prep_minutes: String(dish?.prep_minutes ?? 10),
  available: dish?.available ?? true,
  allergens: dish?.allergens === undefined ? null : dish.allergens && [...dish.allergens],
  diets: [...(dish?.diets ?? [])],
  tags: [...(dish?.tags ?? [])],
  station: dish?.station ?? null,
  hours: dish?.hours ?? null,
  options: structuredClone(dish?.options ?? []),
  translations: structuredClone(dish?.translations ?? {}),
});

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description,
  price: Number(draft.price),
  prep_minutes: Number(draft.prep_minutes),
  available: draft.available,
  allergens: draft.allergens as DocumentItem['allergens'],
  diets: draft.diets as NonNullable<DocumentItem['diets']>,
  tags: draft.tags as NonNullable<DocumentItem['tags']>,
  station: draft.station,
  hours: draft.hours,
  options: draft.options,
  translations: draft.translations,
});

export function DishForm({
  dish,
  subCategoryId,
  languages,
  onCreated,
}: {
  /** Absent: a new dish in `subCategoryId`. */
  dish: (DocumentItem & { id: number }) | undefined;
  subCategoryId: number;
  /** The restaurant's other languages, to translate into. */
  languages: readonly string[];
  onCreated: (id: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(dish));
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const [status, say] = useStatusLine();
  const save = useMenuChange(
    (body: ReturnType<typeof bodyOf>) =>
      dish ? changeDish(dish.id, body) : createDish({ ...body, sub_cat_id: subCategoryId }),
    (saved) => `Saved ${saved.name}`,
    (saved) => {
      if (!dish) onCreated(saved.id);
    },
    // A new dish's form gives way to the saved dish's, so only the announcer outlasts it.
    dish ? say : undefined,
  );
  const visibility = useMenuChange(
    (hidden: boolean) => (hidden && dish ? hideDish(dish.id) : changeDish(dish?.id ?? 0, { hidden: false })),
    (saved) => `${saved.name} ${saved.hidden ? 'hidden from guests' : 'shown to guests'}`,
  );
  const contradictions = dietContradictions(draft);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(bodyOf(draft));
  }

  // A field the form cannot save as typed (an unknown allergen) stops the submit; focus goes to the first one, so its
  // message is read with it, where a browser does not do so itself.
  function focusFirstRefused(event: FormEvent) {
    const focused = document.activeElement as Partial<HTMLInputElement> | null;
    if (focused?.validity?.valid === false) return;
    (event.target as HTMLElement).focus();
  }

  return (
    <form
      className="editor-form"
      onSubmit={submit}
      onInvalidCapture={focusFirstRefused}
      aria-labelledby={`${id}-title`}
      data-testid="dish-form"
    >
      <FormTitle id={id} title={dish ? `Dish: ${dish.name}` : 'New dish'} hidden={dish?.hidden} />
      <NameFields id={id} name={draft.name} description={draft.description} descriptionRows={3} onChange={set} />
      <div className="editor-row">
        <span className="staff-field">
          <label htmlFor={`${id}-price`}>Price</label>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            required
            min={0}
            max={MENU_LIMITS.priceMax}
            step={0.01}
            value={draft.price}
            onChange={(event) => set({ price: event.target.value })}
          />
        </span>
        <span className="staff-field">
          <label htmlFor={`${id}-prep`}>Minutes to prepare</label>
          <input
            id={`${id}-prep`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MENU_LIMITS.prepMinutesMax}
            value={draft.prep_minutes}
            onChange={(event) => set({ prep_minutes: event.target.value })}
          />
        </span>
        <StationField value={draft.station} onChange={(station) => set({ station })} emptyMeans="its category’s" />
      </div>
      <label className="staff-switch">
        <input
          type="checkbox"
          role="switch"
          checked={!draft.available}
          onChange={(event) => set({ available: !event.target.checked })}
        />
        Sold out
      </label>
      <AllergensField value={draft.allergens} onChange={(allergens) => set({ allergens })} />
      <TagsField diets={draft.diets} tags={draft.tags} onChange={(next) => set(next)} />
      {contradictions.length > 0 && (
        <div className="editor-warning" role="status" data-testid="dish-contradictions">
          <p>Check before saving: this dish</p>
          <ul>
            {contradictions.map((problem) => (
              <li key={`${problem.field}-${problem.message}`}>
                {problem.message}
                {problem.blocking ? ' (a guest could be hurt by this)' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <HoursField
        value={draft.hours}
        onChange={(hours) => set({ hours })}
        emptyMeans="served whenever its category is"
      />
      <OptionsField value={draft.options} onChange={(options) => set({ options })} />
      <TranslationsField
        languages={languages}
        value={draft.translations}
        onChange={(translations) => set({ translations })}
        withDescription
      />
      <FormActions
        what="dish"
        exists={dish !== undefined}
        hidden={dish?.hidden}
        save={save}
        visibility={visibility}
        status={status}
      />
      {dish && <PhotoField dishId={dish.id} name={dish.name} image={dish.image ?? null} />}
    </form>
  );
}

/** A photo from the tablet's camera or its files: sent as it is, checked and re-encoded by the provider. */
function PhotoField({ dishId, name, image }: { dishId: number; name: string; image: string | null }) {
  const id = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const upload = useMenuChange(
    (file: File) => uploadDishPhoto(dishId, file),
    () => `New photo of ${name} saved`,
  );
  const chosen = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.mutate(file);
  };
  return (
    <fieldset className="editor-fieldset" aria-describedby={`${id}-hint`}>
      <legend>Photo</legend>
      <DishImage src={image} width={240} height={180} className="editor-photo" />
      <p id={`${id}-hint`} className="staff-note">
        JPEG, PNG or WebP up to {MENU_LIMITS.photoBytesMax / 1024 / 1024} MB. Guests get a copy sized for their screen,
        without the camera’s data.
      </p>
      <div className="editor-actions">
        <label className="staff-button editor-file">
          Take a photo
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            data-testid="photo-camera"
            onChange={(event) => chosen(event.target.files)}
          />
        </label>
        <label className="staff-button editor-file">
          Choose a photo
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            data-testid="photo-file"
            onChange={(event) => chosen(event.target.files)}
          />
        </label>
      </div>
      <p ref={status} role="status">
        {upload.isPending ? 'Sending the photo…' : upload.isSuccess ? 'Photo saved.' : ''}
      </p>
      {upload.error && !isSessionEnded(upload.error) && (
        <p className="staff-error" role="alert">
          {photoProblem(upload.error, upload.variables)}
        </p>
      )}
    </fieldset>
  );
}

const typeName = (file: File | undefined) => {
  const type = /^image\/([a-z0-9.+-]+)$/i.exec(file?.type ?? '')?.[1] ?? /\.([a-z0-9]+)$/i.exec(file?.name ?? '')?.[1];
  return type ? `${type.toUpperCase()} file` : 'file of this kind';
};

/**
 * A refused photo in one plain sentence: what is wrong with the file and what to choose instead. The provider's answer
 * names headers and fields for programs (Content-Type, body), which a manager choosing a photo has no use for.
 */
function photoProblem(error: Error, file: File | undefined): string {
  const status = error instanceof ApiError ? error.status : undefined;
  const limit = `${MENU_LIMITS.photoBytesMax / 1024 / 1024} MB`;
  if (status === 415)
    return `The photo was not saved: a ${typeName(file)} cannot be used. Choose a JPEG, PNG or WebP photo.`;
  if (status === 413) return `The photo was not saved: it is larger than ${limit}. Choose a smaller one.`;
  const reason = error.message.replace(/[.\s]+$/, '');
  const said = reason.charAt(0).toLowerCase() + reason.slice(1);
  if (status === 422) return `The photo was not saved: ${said}. Choose another photo.`;
  return `The photo was not saved: ${said}.`;
}
