import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import { importPKCS8 } from 'jose';
import { InvalidSettingsError, type Env } from '../../env.ts';
import { apnsPush, googleWalletApi, recordingApplePush, recordingGoogleObjects, type ApplePassPush, type GoogleWalletObjects } from './wallet-update-senders.ts';

export type AppleWalletSettings = {
  passTypeId: string;
  teamId: string;
  /** PEM text, as passkit-generator takes them. */
  signerCert: string;
  signerKey: string;
  wwdr: string;
  keyPassphrase?: string;
  /** Issue 34: tells the devices holding a pass that it changed (APNs, or only recorded). */
  push: ApplePassPush;
};

export type GoogleWalletSettings = {
  issuerId: string;
  serviceAccountEmail: string;
  privateKey: CryptoKey;
  /** Issue 34: changes a saved object's state (the Wallet API, or only recorded). */
  objects: GoogleWalletObjects;
};

/** Which wallets this server can issue passes for (decision 46); null: not configured, and no button is shown. */
export type WalletSettings = { apple: AppleWalletSettings | null; google: GoogleWalletSettings | null };

export const NO_WALLETS: WalletSettings = { apple: null, google: null };

/**
 * Whether this server offers any wallet pass (issue 34): the ticket e-mail and /success promise
 * 'add it to your wallet' only then, and `which` says whether a given wallet is offered.
 */
export function isWalletConfigured(wallets: WalletSettings, which?: 'apple' | 'google'): boolean {
  return which ? wallets[which] !== null : wallets.apple !== null || wallets.google !== null;
}

/** A setting that holds a PEM, or names a PEM file. Escaped newlines (`\n` in a one-line .env value) are read as newlines. */
async function readPem(name: string, value: string): Promise<string> {
  if (value.includes('-----BEGIN ')) return value.replace(/\\n/g, '\n');
  try {
    return await fs.readFile(value, 'utf8');
  } catch (error) {
    throw new InvalidSettingsError(`Invalid settings:\n  ${name}: must be a PEM or the path of a readable PEM file (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}: ${value})`);
  }
}

function check(name: string, test: () => unknown, what: string) {
  try {
    test();
  } catch {
    throw new InvalidSettingsError(`Invalid settings:\n  ${name}: ${what}`);
  }
}

/**
 * Reads and checks the wallet settings at start (env.ts has made sure each wallet is set whole
 * or not at all): certificates that do not parse, a key its passphrase does not open, or a
 * Google key that is not PKCS #8 stop the start with a message naming the setting.
 */
export async function loadWalletSettings(env: Env): Promise<WalletSettings> {
  let apple: AppleWalletSettings | null = null;
  if (env.APPLE_WALLET_PASS_TYPE_ID) {
    const signerCert = await readPem('APPLE_WALLET_SIGNER_CERT', env.APPLE_WALLET_SIGNER_CERT!);
    const signerKey = await readPem('APPLE_WALLET_SIGNER_KEY', env.APPLE_WALLET_SIGNER_KEY!);
    const wwdr = await readPem('APPLE_WALLET_WWDR_CERT', env.APPLE_WALLET_WWDR_CERT!);
    check('APPLE_WALLET_SIGNER_CERT', () => new X509Certificate(signerCert), 'is not a PEM certificate');
    check('APPLE_WALLET_WWDR_CERT', () => new X509Certificate(wwdr), 'is not a PEM certificate');
    check(
      'APPLE_WALLET_SIGNER_KEY',
      () => {
        if (createPrivateKey({ key: signerKey, passphrase: env.APPLE_WALLET_KEY_PASSPHRASE ?? '' }).asymmetricKeyType !== 'rsa') throw new Error('not RSA');
      },
      'is not an RSA private key that APPLE_WALLET_KEY_PASSPHRASE opens',
    );
    const push = env.WALLET_UPDATES === 'send' ? apnsPush({ passTypeId: env.APPLE_WALLET_PASS_TYPE_ID, cert: signerCert, key: signerKey, passphrase: env.APPLE_WALLET_KEY_PASSPHRASE }) : recordingApplePush();
    apple = { passTypeId: env.APPLE_WALLET_PASS_TYPE_ID, teamId: env.APPLE_WALLET_TEAM_ID!, signerCert, signerKey, wwdr, keyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE, push };
  }
  let google: GoogleWalletSettings | null = null;
  if (env.GOOGLE_WALLET_ISSUER_ID) {
    const pem = await readPem('GOOGLE_WALLET_PRIVATE_KEY', env.GOOGLE_WALLET_PRIVATE_KEY!);
    let privateKey: CryptoKey;
    try {
      privateKey = await importPKCS8(pem, 'RS256');
    } catch {
      throw new InvalidSettingsError('Invalid settings:\n  GOOGLE_WALLET_PRIVATE_KEY: is not the service account\'s RSA private key (a PKCS #8 PEM, "-----BEGIN PRIVATE KEY-----")');
    }
    const serviceAccountEmail = env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL!;
    const objects = env.WALLET_UPDATES === 'send' ? googleWalletApi({ serviceAccountEmail, privateKey }) : recordingGoogleObjects();
    google = { issuerId: env.GOOGLE_WALLET_ISSUER_ID, serviceAccountEmail, privateKey, objects };
  }
  return { apple, google };
}
