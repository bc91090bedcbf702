// A dish's tags as small readable badges (vegetarian, vegan, spicy, gluten-free, contains nuts, new).
import { memo } from 'react';
import type { MenuTag } from '../../../contract/guest';
import { t, type MessageId } from '../i18n/i18n';

const TAG_LABELS: Record<MenuTag, MessageId> = {
  vegetarian: 'tag.vegetarian',
  vegan: 'tag.vegan',
  spicy: 'tag.spicy',
  'gluten-free': 'tag.gluten-free',
  'contains-nuts': 'tag.contains-nuts',
  new: 'tag.new',
};

function isKnownTag(tag: string): tag is MenuTag {
  return Object.hasOwn(TAG_LABELS, tag);
}

/** A tag the app does not know yet still reads as words: `dairy-free` becomes "Dairy free". */
export function tagLabel(tag: string): string {
  if (isKnownTag(tag)) return t(TAG_LABELS[tag]);
  const words = tag.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const DishTags = memo(function DishTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={['dish-tags', className].filter(Boolean).join(' ')}>
      {tags.map((tag) => (
        <li key={tag} className={`dish-tag dish-tag--${isKnownTag(tag) ? tag : 'other'}`}>
          {tagLabel(tag)}
        </li>
      ))}
    </ul>
  );
});
