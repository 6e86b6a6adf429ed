import { walletButtonFor, walletForDevice, type WalletKind } from './wallet-choice.ts';

/**
 * Not Apple's or Google's badge artwork: no npm package ships the official 'Add to Apple Wallet' /
 * 'Add to Google Wallet' badges with a licence to bundle them, and their brand guidelines ask that
 * the artwork be downloaded from them. This is a plain black button with the guidelines' wording
 * and a generic wallet glyph of Marquee's own; an operator may put the downloaded badges in its place.
 */
const LABEL: Record<WalletKind, string> = { apple: 'Add to Apple Wallet', google: 'Add to Google Wallet' };

function WalletGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 9.5h18M15.5 13.5h2.5" />
      <path d="M6 6l9-3 1.2 3" />
    </svg>
  );
}

/**
 * Issue 34: one wallet button, the one that fits this device (Apple Wallet on iPhone, iPad and
 * Safari on a Mac; Google Wallet elsewhere), and only if this server offers that wallet: pass the
 * ticket's `wallets` paths as the ticket page's and /success's answers give them. Renders nothing
 * otherwise, so a page never promises a wallet it cannot give.
 */
export function WalletButtons({ wallets, className = '' }: { wallets: { applePath: string | null; googlePath: string | null }; className?: string }) {
  const device = typeof navigator === 'undefined' ? 'google' : walletForDevice(navigator.userAgent, navigator.maxTouchPoints);
  const button = walletButtonFor(wallets, device);
  if (!button) return null;
  return (
    <a
      href={button.href}
      data-wallet={button.kind}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-zinc-500 bg-black px-4 py-2 text-sm font-semibold text-white hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${className}`}
    >
      <WalletGlyph />
      {LABEL[button.kind]}
    </a>
  );
}
