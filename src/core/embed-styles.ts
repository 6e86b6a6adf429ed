/**
 * The gig list's one stylesheet (issue 26), shared by the `<marquee-gigs>` widget (in its shadow
 * root) and the iframe page, so both look alike. Its box starts from `all: initial`: what a host
 * page sets on the element (and so on everything it inherits) stops there. Light by default; dark with data-theme="dark", or
 * when the reader's system prefers it and no theme was chosen.
 */
export const EMBED_STYLES = `
.mq{all:initial;display:block;--bg:#fff;--fg:#18181b;--muted:#52525b;--line:#e4e4e7;--accent:#6d28d9;--accent-fg:#fff;
background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
border:1px solid var(--line);border-radius:12px;padding:4px 16px;box-sizing:border-box;text-align:left}
.mq[data-theme=dark]{--bg:#18181b;--fg:#fafafa;--muted:#a1a1aa;--line:#3f3f46;--accent:#a78bfa;--accent-fg:#18181b}
@media (prefers-color-scheme:dark){.mq:not([data-theme=light]){--bg:#18181b;--fg:#fafafa;--muted:#a1a1aa;--line:#3f3f46;--accent:#a78bfa;--accent-fg:#18181b}}
.mq *{box-sizing:border-box}
.mq ul{list-style:none;margin:0;padding:0}
.mq li{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:12px 0;border-top:1px solid var(--line)}
.mq li:first-child{border-top:0}
.mq .when{flex:0 0 11em;font-weight:600}
.mq .when span,.mq .where,.mq .price{display:block;color:var(--muted);font-weight:400;font-size:14px}
.mq .what{flex:1 1 180px;min-width:0;overflow-wrap:anywhere}
.mq .title{display:block;font-weight:700}
.mq .price{color:var(--fg)}
.mq .go{display:inline-block;padding:8px 14px;border-radius:8px;font-weight:600;text-decoration:none;white-space:nowrap;
background:var(--accent);color:var(--accent-fg);border:2px solid var(--accent)}
.mq .go.details{background:transparent;color:var(--accent)}
.mq .go:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
.mq .empty{margin:12px 0;color:var(--muted)}
.mq .credit{margin:0;padding:8px 0;border-top:1px solid var(--line);font-size:12px;color:var(--muted)}
.mq .credit a{color:inherit}
.mq .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * The widget's checkout overlay (decision 61): a dialog inside the widget's box, so it inherits
 * its colours and font; a centred panel on a laptop, the whole screen on a phone.
 */
export const EMBED_OVERLAY_STYLES = `
.ov{position:fixed;inset:0;margin:auto;width:min(100vw - 32px,600px);height:min(100dvh - 32px,900px);max-width:none;max-height:none;
padding:0;border:0;border-radius:12px;background:var(--bg);color:var(--fg);flex-direction:column;overflow:hidden;box-shadow:0 12px 48px #0008}
.ov[open]{display:flex}
.ov::backdrop{background:#000b}
.ov .bar{display:flex;align-items:center;gap:12px;padding:8px 12px;border-bottom:1px solid var(--line)}
.ov h2{flex:1;min-width:0;margin:0;font-size:16px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ov .tab{color:var(--accent);font-size:14px;font-weight:600;white-space:nowrap}
.ov .x{font:inherit;font-weight:600;padding:8px 14px;border-radius:8px;border:2px solid var(--accent);background:var(--bg);color:var(--accent);cursor:pointer}
.ov a:focus-visible,.ov .x:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
.ov iframe{flex:1;width:100%;border:0;background:#09090b}
.ov .note{margin:16px}
@media (max-width:640px){.ov{width:100vw;height:100dvh;border-radius:0}}
`;
