import { mergeConfig } from 'vitest/config';
import base from './vite.config.ts';
const config = mergeConfig(base, {});
for (const p of config.test.projects) p.test.setupFiles = [...(p.test.setupFiles ?? []), '/tmp/suite-scratch/cpu-setup.ts'];
export default config;
