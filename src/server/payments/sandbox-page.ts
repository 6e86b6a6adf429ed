import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { TEST_MODE_NOTICE } from '../../core/payments-mode.ts';

/** The frame of the sandbox provider's own pages (checkout, onboarding): plainly a test provider. */
export const sandboxPage = (title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) => html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="robots" content="noindex" />
  <title>${title} | Marquee test payments</title>
  <style>
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f4f5; color: #18181b; }
    .banner { background: #fbbf24; color: #18181b; text-align: center; padding: 0.5rem; font-weight: 700; }
    main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
    .card { background: #fff; border-radius: 1rem; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
    h1 { font-size: 1.5rem; margin: 0 0 1rem; }
    dl { display: grid; grid-template-columns: 1fr auto; gap: 0.25rem 1rem; margin: 1rem 0; }
    dd { margin: 0; text-align: right; }
    .total { font-weight: 700; border-top: 1px solid #e4e4e7; padding-top: 0.5rem; }
    label { display: block; font-weight: 600; margin-top: 1rem; }
    input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: 0.75rem; border: 1px solid #a1a1aa; border-radius: 0.5rem; }
    .row { display: flex; gap: 0.75rem; } .row > div { flex: 1; }
    button { font: inherit; font-weight: 700; padding: 0.85rem 1.25rem; border-radius: 0.6rem; border: 0; cursor: pointer; }
    .pay { background: #18181b; color: #fff; width: 100%; margin-top: 1.25rem; font-size: 1.1rem; }
    .cancel { background: transparent; color: #3f3f46; text-decoration: underline; width: 100%; margin-top: 0.5rem; }
    .error { background: #fee2e2; color: #7f1d1d; border-radius: 0.5rem; padding: 0.75rem; margin-top: 1rem; }
    .hint { color: #52525b; font-size: 0.9rem; }
  </style>
</head>
<body>
  <div class="banner" role="note">${TEST_MODE_NOTICE}</div>
  <main>${body}</main>
</body>
</html>`;
