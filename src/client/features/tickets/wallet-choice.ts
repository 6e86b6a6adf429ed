/** Which wallet suits a device (issue 34): Apple Wallet on iPhone, iPad and Safari on a Mac; Google Wallet everywhere else. */
export type WalletKind = 'apple' | 'google';

export function walletForDevice(userAgent: string, maxTouchPoints = 0): WalletKind {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'apple';
  if (/Macintosh/.test(userAgent)) {
    // iPadOS asks for the desktop site and says Macintosh; a touch screen gives it away.
    if (maxTouchPoints > 1) return 'apple';
    const isSafari = /Version\/[\d.]+.*Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|Edg|OPR|Firefox|FxiOS/.test(userAgent);
    if (isSafari) return 'apple';
  }
  return 'google';
}

/** The one wallet button to show: the device's wallet when this server offers it, else none. */
export function walletButtonFor(paths: { applePath: string | null; googlePath: string | null }, device: WalletKind): { kind: WalletKind; href: string } | null {
  const href = device === 'apple' ? paths.applePath : paths.googlePath;
  return href ? { kind: device, href } : null;
}
