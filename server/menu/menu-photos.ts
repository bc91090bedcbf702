// Dish photos: checked, re-encoded by sharp (metadata dropped) in a phone and a tablet size, kept in the database by hash.
import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { PHOTO_WIDTHS } from '../../contract/guest';
import { MENU_LIMITS, PHOTO_TYPES } from '../../contract/menu-admin';
import { invalid, ProviderError } from '../api/provider-error';
import type { Queryable } from '../db/database';

type SharpFactory = (input: Uint8Array, options: { limitInputPixels: number; failOn: 'error' }) => Sharp;
let encoder: Promise<SharpFactory> | undefined;

/**
 * sharp is loaded with the first photo, not at start: a server where its prebuilt binary is missing still serves
 * everything else, and says so when a photo is sent.
 */
function loadEncoder(): Promise<SharpFactory> {
  encoder ??= import('sharp').then(
    ({ default: sharp }) => {
      // A cache of decoded files is of no use for bodies seen once, and would hold memory between uploads.
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      encoder = undefined;
      console.error('Could not load sharp, the photo encoder:', error);
      throw new ProviderError(503, 'This server cannot encode photos right now (its image library did not load)');
    },
  );
  return encoder;
}

/** The first bytes each accepted type starts with. */
const SIGNATURES: Record<(typeof PHOTO_TYPES)[number], (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  'image/webp': (b) =>
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};

/** A phone photo of 48 megapixels decodes; a file claiming a billion pixels is refused before it is. */
const MAX_PIXELS = 50_000_000;

export const unsupportedPhoto = (contentType: string) =>
  new ProviderError(
    415,
    `A photo must be sent as ${PHOTO_TYPES.join(', ')} (Content-Type), not ${contentType || 'nothing'}`,
    { 'Content-Type': `one of ${PHOTO_TYPES.join(', ')}` },
  );

export const photoTooLarge = () =>
  new ProviderError(413, `A photo may be at most ${MENU_LIMITS.photoBytesMax / 1024 / 1024} MB`, {
    body: `at most ${MENU_LIMITS.photoBytesMax / 1024 / 1024} MB`,
  });

export interface EncodedPhoto {
  /** The path guests load, the tablet size; the phone size sits beside it (`-480.webp`). */
  image: string;
  files: { name: string; bytes: Buffer }[];
}

/** Checks the body is the image it says it is, and re-encodes it; 415 for another type, 422 when it does not decode. */
export async function encodePhoto(contentType: string, body: Uint8Array): Promise<EncodedPhoto> {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const matches = SIGNATURES[type as keyof typeof SIGNATURES];
  if (!matches) throw unsupportedPhoto(type);
  if (body.byteLength === 0) throw invalid('The photo is empty', { body: 'empty' });
  if (body.byteLength > MENU_LIMITS.photoBytesMax) throw photoTooLarge();
  const what = type.replace('image/', '').toUpperCase();
  if (!matches(body))
    throw invalid(`This file is not a ${what} image, whatever its name says`, { body: `not a ${what}` });
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
  const sharp = await loadEncoder();
  try {
    const source = sharp(body, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const files = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        name: `${hash}-${width}.webp`,
        // The EXIF orientation is applied by rotate(); sharp writes no metadata unless asked (no GPS, no camera).
        bytes: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    const largest = files[files.length - 1]?.name ?? '';
    return { image: `/images/photos/${largest}`, files };
  } catch (error) {
    throw invalid(
      `This ${what} could not be read as an image (${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'})`,
      { body: `not a readable ${what}` },
    );
  }
}

export async function storePhoto(tx: Queryable, photo: EncodedPhoto): Promise<void> {
  for (const file of photo.files) {
    await tx.query(
      `INSERT INTO photos (name, content_type, bytes) VALUES ($1, 'image/webp', $2) ON CONFLICT (name) DO NOTHING`,
      [file.name, file.bytes],
    );
  }
}

export async function readPhoto(q: Queryable, name: string): Promise<Buffer | undefined> {
  const [row] = await q.query<{ bytes: Buffer | Uint8Array }>('SELECT bytes FROM photos WHERE name = $1', [name]);
  return row ? Buffer.from(row.bytes) : undefined;
}
