// `npm run build:test`: the production build the browser suite runs against, with the settings
// of tests/e2e/build-env.ts (a booking calendar, so its frame and fallback can be tested).
import { spawnSync } from 'node:child_process';
import { E2E_BUILD_ENV } from './build-env';

const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...process.env, ...E2E_BUILD_ENV } });
process.exit(result.status ?? 1);
