// A dish or category picture: lazy, always the same size (no layout shift), and a quiet placeholder when missing or broken.
import { useState } from 'react';
import './dish-image.css';

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
  return (
    <img
      className={classes}
      src={src}
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
