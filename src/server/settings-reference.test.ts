import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envShape } from './env.ts';
import { renderSettingsReference } from './settings-reference.ts';

describe('the configuration reference (issue 36)', () => {
  it('is what the settings schema says: run `npm run docs:settings` after changing a setting', () => {
    const written = readFileSync(new URL('../../docs/operators/configuration.md', import.meta.url), 'utf8');
    expect(written, 'docs/operators/configuration.md is stale: run `npm run docs:settings`').toBe(renderSettingsReference());
  });

  it('names every setting once, with the default the schema gives', () => {
    const reference = renderSettingsReference();
    for (const name of Object.keys(envShape.shape)) expect(reference.split(`| \`${name}\` |`)).toHaveLength(2);
    expect(reference).toContain('| `PORT` | `3000` |');
    expect(reference).toContain('| `DEMO_DATA` | `true` |');
    expect(reference).toContain('| `SMTP_HOST` | (unset) |');
    expect(reference).toContain('| `ADMIN_EMAILS` | (empty) |');
  });
});
