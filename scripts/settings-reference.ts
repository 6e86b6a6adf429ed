// `npm run docs:settings`: writes docs/operators/configuration.md from the settings schema (issue 36).
import { writeFileSync } from 'node:fs';
import { renderSettingsReference } from '../src/server/settings-reference.ts';

const target = new URL('../docs/operators/configuration.md', import.meta.url);
writeFileSync(target, renderSettingsReference());
console.log(`Wrote ${target.pathname}`);
