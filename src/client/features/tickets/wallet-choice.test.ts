import { describe, expect, it } from 'vitest';
import { walletButtonFor, walletForDevice } from './wallet-choice.ts';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('the wallet that fits the device (issue 34)', () => {
  it('Apple Wallet on iPhone, iPad and Safari on a Mac; Google Wallet everywhere else', () => {
    expect(walletForDevice(UA.iPhone)).toBe('apple');
    expect(walletForDevice(UA.iPhoneChrome)).toBe('apple');
    expect(walletForDevice(UA.macSafari)).toBe('apple');
    expect(walletForDevice(UA.macSafari, 5)).toBe('apple'); // an iPad asking for the desktop site
    expect(walletForDevice(UA.macChrome)).toBe('google');
    expect(walletForDevice(UA.android)).toBe('google');
    expect(walletForDevice(UA.windowsFirefox)).toBe('google');
  });

  it('only the device\'s wallet is offered, and only where this server is set up for it', () => {
    const both = { applePath: '/a.pkpass', googlePath: '/g' };
    expect(walletButtonFor(both, 'apple')).toEqual({ kind: 'apple', href: '/a.pkpass' });
    expect(walletButtonFor(both, 'google')).toEqual({ kind: 'google', href: '/g' });
    expect(walletButtonFor({ applePath: null, googlePath: '/g' }, 'apple')).toBeNull();
    expect(walletButtonFor({ applePath: null, googlePath: null }, 'google')).toBeNull();
  });
});
