import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { ConfigError } from '../config.js';
import { createDataKey, type DataKey } from './sealed-values.js';

/**
 * Demo keys are generated once at first start into DATA_DIR/secrets.json (git-ignored);
 * production reads its own file (SECRETS_FILE, made once with `npm run secrets -w apps/server`).
 */
export interface ServerSecrets {
  /** The identity provider's private RS256 signing key (has kid, alg, use). */
  signingJwk: JWK;
  /** oidc-provider cookie keys. */
  cookieKeys: string[];
  /** Signs the payment sandbox's notifications. */
  paymentSecret: string;
  /** Seal personal data at rest (platform/sealed-values.ts): the newest first, older ones still open. */
  dataKeys: DataKey[];
  /** Keys the blind index of ID numbers (base64url, 32 bytes); never rotated, as indexes would change. */
  blindIndexKey: string;
  /** Signs the proof-of-work challenges (ALTCHA) and their expected keys (base64url, 32 bytes). */
  captchaKey: string;
  /**
   * Sign the receipts (domain/receipts): the newest first. A receipt is proof for years, so a
   * rotation puts a new key in front and keeps the old ones, which then only verify.
   */
  receiptKeys: string[];
}

export async function loadOrCreateSecrets(dataDir: string): Promise<ServerSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  const existing = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>)
    : null;
  if (existing && REQUIRED_SECRETS.every((key) => existing[key])) return existing as ServerSecrets;
  // A data folder from before a key was added keeps its keys and gains the new ones.
  const secrets = { ...(await createSecrets()), ...existing };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

const REQUIRED_SECRETS = [
  'signingJwk',
  'cookieKeys',
  'paymentSecret',
  'dataKeys',
  'blindIndexKey',
  'captchaKey',
  'receiptKeys',
] as const;

/** Production: the file must exist and hold every key; nothing is generated. */
export function readSecretsFile(file: string): ServerSecrets {
  if (!fs.existsSync(file))
    throw new ConfigError(`SECRETS_FILE: ${file} does not exist (create it with npm run secrets)`);
  const secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>;
  const missing = REQUIRED_SECRETS.filter((key) => !secrets[key]);
  if (
    missing.length > 0 ||
    !secrets.signingJwk?.d ||
    secrets.cookieKeys?.length === 0 ||
    secrets.dataKeys?.length === 0 ||
    secrets.receiptKeys?.length === 0
  )
    throw new ConfigError(`SECRETS_FILE: ${file} lacks ${missing.join(', ') || 'a usable key'}`);
  return secrets as ServerSecrets;
}

export async function createSecrets(): Promise<ServerSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  return {
    signingJwk,
    cookieKeys: [randomBytes(32).toString('base64url')],
    paymentSecret: randomBytes(32).toString('base64url'),
    dataKeys: [createDataKey()],
    blindIndexKey: randomBytes(32).toString('base64url'),
    captchaKey: randomBytes(32).toString('base64url'),
    receiptKeys: [randomBytes(32).toString('base64url')],
  };
}

export function publicJwkOf(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use } as JWK;
}
