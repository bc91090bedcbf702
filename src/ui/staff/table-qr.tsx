// A table's QR code as SVG (matrix from the `qrcode` library), encoding its link with its key.
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { useRestaurant } from '../restaurant/restaurant';

/** What a table's code opens: the menu, with the table and its key (contract v1.1, table keys). */
export function tableLink(origin: string, tableId: number, key: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('table', String(tableId));
  if (key) url.searchParams.set('key', key);
  return url.toString();
}

/**
 * The origin table codes open: the restaurant's public address (Settings), else this browser's, which guests' phones
 * may not reach (the print sheet warns while it is so).
 */
export function useTableLinkOrigin(): { origin: string; isPublic: boolean; hasProfile: boolean } {
  const { publicUrl, profile } = useRestaurant();
  return { origin: publicUrl ?? window.location.origin, isPublic: publicUrl !== null, hasProfile: profile !== null };
}

const QUIET_ZONE = 4;

export function TableQr({ link, label, size = 160 }: { link: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { modules: matrix } = QRCode.create(link, { errorCorrectionLevel: 'M' });
    // One path of unit squares: small to draw and crisp at any print size.
    let d = '';
    for (let row = 0; row < matrix.size; row++) {
      for (let column = 0; column < matrix.size; column++) {
        if (matrix.get(row, column)) d += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { path: d, modules: matrix.size + QUIET_ZONE * 2 };
  }, [link]);
  return (
    <svg
      className="table-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-link={link}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
