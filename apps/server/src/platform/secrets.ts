import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { ConfigError } from '../config.js';

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
}

export async function loadOrCreateSecrets(dataDir: string): Promise<ServerSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as ServerSecrets;
  const secrets = await createSecrets();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

const REQUIRED_SECRETS = ['signingJwk', 'cookieKeys', 'paymentSecret'] as const;

/** Production: the file must exist and hold every key; nothing is generated. */
export function readSecretsFile(file: string): ServerSecrets {
  if (!fs.existsSync(file))
    throw new ConfigError(`SECRETS_FILE: ${file} does not exist (create it with npm run secrets)`);
  const secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>;
  const missing = REQUIRED_SECRETS.filter((key) => !secrets[key]);
  if (missing.length > 0 || !secrets.signingJwk?.d || secrets.cookieKeys?.length === 0)
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
  };
}

export function publicJwkOf(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use } as JWK;
}
