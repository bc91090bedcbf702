// Debian's Chromium and the flags every launch here uses: no sandbox (CI runs as root), no GPU, and none of
// Chromium's own background traffic, which this project's machines refuse (they reach only npm and Debian).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
