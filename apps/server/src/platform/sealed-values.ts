import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A data key: AES-256-GCM, 32 random bytes in base64url, named by its id (stored with each value). */
export interface DataKey {
  id: string;
  key: string;
}

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createDataKey(): DataKey {
  return { id: randomBytes(6).toString('base64url'), key: randomBytes(32).toString('base64url') };
}

/**
 * The process's data keys. Values are sealed under the newest installed; any installed key opens
 * what it sealed, so a value sealed before a rotation still reads until it is sealed again. The
 * database's columns seal and open through here (db/schema/sealed.ts), as a column type cannot be
 * handed keys per query. Installing adds keys (the tests run several apps in one process).
 */
const keys = new Map<string, Buffer>();
let newest: string | null = null;

export function installDataKeys(dataKeys: readonly DataKey[]): void {
  if (dataKeys.length === 0) throw new Error('no data key to seal personal data with');
  for (const { id, key } of dataKeys) {
    const bytes = Buffer.from(key, 'base64url');
    if (bytes.length !== 32) throw new Error(`data key ${id} is not 32 bytes`);
    keys.set(id, bytes);
  }
  newest = dataKeys[0]!.id;
}

/** The id of the key new values are sealed under. */
export function newestDataKeyId(): string {
  if (!newest) throw new Error('data keys are not installed');
  return newest;
}

/** `sealed:v1:<key id>:<iv>:<ciphertext and tag>`, all base64url. */
export function seal(plain: string): string {
  const id = newestDataKeyId();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.get(id)!, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${id}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}

export const isSealed = (text: string) => text.startsWith(PREFIX);

/** The key id a sealed value names; null for a value stored before sealing. */
export function sealedUnder(text: string): string | null {
  return isSealed(text) ? text.slice(PREFIX.length).split(':')[0]! : null;
}

/** Opens a sealed value; a value stored before sealing began is returned as it is. */
export function open(text: string): string {
  if (!isSealed(text)) return text;
  const [id, iv, body] = text.slice(PREFIX.length).split(':');
  const key = keys.get(id ?? '');
  if (!key || !iv || !body)
    throw new Error(`a sealed value names key ${id}, which is not installed`);
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

/** A sealed file begins with these bytes (no image or PDF does), then its key id's length and id. */
const FILE_MAGIC = Buffer.from('PSL1');

/** A file's bytes sealed under the newest key: magic, key id, IV, ciphertext, tag. */
export function sealBytes(plain: Buffer): Buffer {
  const id = newestDataKeyId();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.get(id)!, iv);
  const idBytes = Buffer.from(id, 'utf8');
  return Buffer.concat([
    FILE_MAGIC,
    Buffer.from([idBytes.length]),
    idBytes,
    iv,
    cipher.update(plain),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
}

/** Opens a sealed file's bytes; a file stored before sealing began is returned as it is. */
export function openBytes(stored: Buffer): Buffer {
  if (!stored.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)) return stored;
  const idEnd = FILE_MAGIC.length + 1 + stored[FILE_MAGIC.length]!;
  const id = stored.subarray(FILE_MAGIC.length + 1, idEnd).toString('utf8');
  const key = keys.get(id);
  if (!key) throw new Error(`a sealed file names key ${id}, which is not installed`);
  const iv = stored.subarray(idEnd, idEnd + IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(stored.subarray(stored.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(stored.subarray(idEnd + IV_BYTES, stored.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/**
 * A blind index: a keyed HMAC of the normalised value, so equal values can be found and kept
 * unique without the value itself being stored or compared.
 */
export function blindIndex(indexKey: string, value: string): string {
  return createHmac('sha256', Buffer.from(indexKey, 'base64url'))
    .update(value.trim().toUpperCase())
    .digest('base64url');
}
