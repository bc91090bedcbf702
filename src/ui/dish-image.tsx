// A dish or category picture: lazy, always the same size (no layout shift), and a quiet placeholder when missing or broken.
import { useState } from 'react';
import { PHOTO_WIDTHS } from '../../contract/guest';
import './dish-image.css';

// A photo the provider re-encoded (`/images/photos/{hash}-{width}.webp`) has one copy per width beside it.
const PHOTO = /^(\/images\/photos\/[a-f0-9]+)-\d+\.webp$/;
const photoSources = (src: string) => {
  const base = PHOTO.exec(src)?.[1];
  return base ? PHOTO_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', ') : undefined;
};

interface DishImageProps {
  src: string | null;
  width: number;
  height: number;
  className?: string;
  /** Lazy by default; the first visible images may ask to load at once. */
  eager?: boolean;
}

export function DishImage({ src, width, height, className, eager = false }: DishImageProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const classes = ['dish-image', className].filter(Boolean).join(' ');
  if (src === null || broken === src) {
    return (
      <span className={`${classes} dish-image--placeholder`} style={{ width, height }} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="40%" height="40%" focusable="false">
          <circle cx="24" cy="24" r="15" fill="none" stroke="currentColor" strokeWidth="3" />
          <circle cx="24" cy="24" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M6 10v9m3-9v9M4.5 19h6M7.5 19v19M41 10c-3 2-4 6-4 12h4v16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      </span>
    );
  }
  const srcSet = photoSources(src);
  return (
    <img
      className={classes}
      src={src}
      // The browser picks the phone or the tablet copy for the box's size and the screen's density.
      {...(srcSet ? { srcSet, sizes: `${width}px` } : {})}
      width={width}
      height={height}
      // Decorative: the dish's name is always written next to it.
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setBroken(src)}
    />
  );
}
