import { newestDataKeyId, openBytes, sealBytes } from '../../platform/sealed-values.js';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import {
  ERROR_CODES,
  MAX_UPLOAD_BYTES,
  UPLOAD_ID_PATTERN,
  UPLOAD_URL_TTL_SECONDS,
  uploadedFileValueSchema,
  type FormValues,
  type UploadedFileValue,
} from '@portal/contracts';
import { and, asc, eq, inArray, isNull, lt, notExists, notLike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { applyDrafts, uploads, users, type UploadRow } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { ServerSecrets } from '../../platform/secrets.js';
import { badRequest, DomainError } from '../errors.js';
import type { FileStore } from '../ports.js';
import { fileTypeFromBuffer } from 'file-type';

export type UploadType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
const EXTENSIONS: Record<UploadType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
/** Uploads are read at /uploads/<id>, with a signature or by their owner's token. */
export const UPLOAD_URL_PREFIX = '/uploads/';
/** An upload never attached to anything kept is deleted this long after it was made. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600_000;

const UPLOAD_TYPES = new Set<string>(Object.keys(EXTENSIONS));

/** The real type, by the file's content (file-type), whatever the browser declared. */
export async function sniffType(data: Buffer): Promise<UploadType | null> {
  const found = await fileTypeFromBuffer(data);
  return found && UPLOAD_TYPES.has(found.mime) ? (found.mime as UploadType) : null;
}

const PURPOSE_TYPES: Record<string, readonly UploadType[]> = {
  avatar: ['image/jpeg', 'image/png', 'image/webp'],
  photo: ['image/jpeg', 'image/png', 'image/webp'],
  file: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
};

// ---- signed addresses ----

/** The keys that sign upload addresses (the server's; the first signs, any verifies). */
export interface UploadSigner {
  keys: readonly string[];
  now: Date;
}
export const uploadSignerOf = (
  secrets: Pick<ServerSecrets, 'cookieKeys'>,
  now: Date,
): UploadSigner => ({ keys: secrets.cookieKeys, now });

const signatureOf = (key: string, id: string, expires: number) =>
  createHmac('sha256', key).update(`upload:${id}:${expires}`).digest('base64url');

// Expiries fall on 5-minute steps, so answers within a step give the same address (no image reload).
const EXPIRY_STEP_SECONDS = 5 * 60;

/** A fresh signed address of an upload, good for at most UPLOAD_URL_TTL_SECONDS. */
export function signedUploadUrl(signer: UploadSigner, id: string): string {
  const nowSeconds = Math.floor(signer.now.getTime() / 1000);
  const expires =
    nowSeconds - (nowSeconds % EXPIRY_STEP_SECONDS) + UPLOAD_URL_TTL_SECONDS - EXPIRY_STEP_SECONDS;
  const signature = signatureOf(signer.keys[0] ?? '', id, expires);
  return `${UPLOAD_URL_PREFIX}${id}?expires=${expires}&signature=${signature}`;
}

/** Whether this server signed the address for this upload and it has not expired. */
export function isGenuineUploadSignature(
  signer: UploadSigner,
  id: string,
  expiresText: string,
  signature: string,
): boolean {
  const expires = Number(expiresText);
  const nowSeconds = signer.now.getTime() / 1000;
  if (!/^\d{1,12}$/.test(expiresText) || expires <= nowSeconds) return false;
  if (expires > nowSeconds + UPLOAD_URL_TTL_SECONDS) return false;
  const given = Buffer.from(signature);
  return signer.keys.some((key) => {
    const expected = Buffer.from(signatureOf(key, id, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The upload id an address of ours names (/uploads/<id>, an old name's extension allowed). */
export function uploadIdOfPath(name: string): string | null {
  const id = name.replace(/\.(jpg|png|webp|pdf)$/, '');
  return UPLOAD_ID_PATTERN.test(id) ? id : null;
}

// ---- ownership: the one "is this our upload" check ----

const ownedBy = (userId: number, ids: readonly string[]) =>
  and(inArray(uploads.id, [...ids]), eq(uploads.userId, userId));

/** Which of these uploads the account made (and are still kept); any other id is not its. */
export async function ownUploads(
  db: Database,
  userId: number,
  ids: readonly string[],
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(ownedBy(userId, ids));
}

/**
 * The account's own uploads among these ids, marked attached (so the cleanup keeps them). Run in
 * the transaction that stores what names them: an upload deleted meanwhile is simply not answered.
 */
export async function attachOwnUploads(
  db: Database,
  userId: number,
  ids: readonly string[],
  now: Date,
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(uploads)
    .set({ attachedAt: sql`coalesce(${uploads.attachedAt}, ${now.toISOString()}::timestamptz)` })
    .where(ownedBy(userId, ids))
    .returning();
}

/** The upload a file value names, if it names one. */
export function fileIdOf(value: unknown): string | null {
  const file = uploadedFileValueSchema.safeParse(value);
  return file.success ? (file.data.FileId ?? null) : null;
}

/** What a form keeps of an upload: its id, name, size and type (never an address). */
export function keptFileValue(row: UploadRow): UploadedFileValue {
  return {
    FileId: row.id,
    FileName: row.fileName,
    Size: row.size,
    ContentType: row.contentType,
  };
}

/**
 * Values as an answer shows them to the account: each of its own uploads with a fresh signed Url;
 * a file value naming anything else is answered without one.
 */
export async function withUploadUrls(
  db: Database,
  signer: UploadSigner,
  userId: number,
  values: FormValues,
): Promise<FormValues> {
  const ids = Object.values(values)
    .map(fileIdOf)
    .filter((id): id is string => id !== null);
  const own = new Set((await ownUploads(db, userId, ids)).map((row) => row.id));
  const shown: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    const id = fileIdOf(value);
    if (id === null || typeof value !== 'object' || value === null || Array.isArray(value))
      shown[key] = value;
    else {
      const file: UploadedFileValue = { ...value };
      delete file.Url;
      if (own.has(id)) file.Url = signedUploadUrl(signer, id);
      shown[key] = file;
    }
  }
  return shown;
}

// ---- storing, reading, cleaning up ----

export interface UploadStore {
  db: Database;
  files: FileStore;
  quotaBytes: number;
  signer: UploadSigner;
}

export const uploadStoreOf = (
  deps: Pick<AppDeps, 'db' | 'config' | 'secrets' | 'now' | 'gateways'>,
): UploadStore => ({
  db: deps.db,
  files: deps.gateways.files,
  quotaBytes: deps.config.uploadQuotaBytes,
  signer: uploadSignerOf(deps.secrets, deps.now()),
});

const quotaMessage = (quotaBytes: number) =>
  `上传空间已满：每个账号最多保存${Math.round(quotaBytes / 1024 / 1024)}MB文件（未使用的文件会在上传24小时后自动清理），请稍后再试`;

/** Common/Upload: size, real type and the account's quota checked, then stored under a random id. */
export async function storeUpload(
  store: UploadStore,
  userId: number,
  file: { fileName: string; data: Buffer } | undefined,
  purpose: 'avatar' | 'photo' | 'file',
): Promise<UploadedFileValue & { FileId: string; Url: string }> {
  if (!file) throw badRequest('请选择要上传的文件', { File: '请选择要上传的文件' });
  if (file.data.length === 0) throw badRequest('文件内容为空', { File: '文件内容为空' });
  if (file.data.length > MAX_UPLOAD_BYTES)
    throw new DomainError(ERROR_CODES.PAYLOAD_TOO_LARGE, '文件过大，请压缩后再上传（不超过10MB）');
  const type = await sniffType(file.data);
  const allowed = PURPOSE_TYPES[purpose]!;
  if (!type || !allowed.includes(type))
    throw new DomainError(
      ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
      purpose === 'file'
        ? '文件类型不支持，请上传 JPG、PNG、WebP 图片或 PDF 文件'
        : '文件类型不支持，请上传 JPG、PNG 或 WebP 图片',
    );
  const id = randomBytes(16).toString('base64url');
  const row = await store.db.transaction(async (tx) => {
    // One account's uploads are counted one at a time, so parallel uploads cannot pass the quota together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [used] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    if (Number(used?.bytes ?? 0) + file.data.length > store.quotaBytes)
      throw new DomainError(ERROR_CODES.PAYLOAD_TOO_LARGE, quotaMessage(store.quotaBytes));
    const [created] = await tx
      .insert(uploads)
      .values({
        id,
        userId,
        storedName: storedNameFor(id, EXTENSIONS[type]),
        fileName: path.basename(file.fileName || `${id}.${EXTENSIONS[type]}`).slice(0, 200),
        contentType: type,
        size: file.data.length,
        createdAt: store.signer.now,
      })
      .returning();
    return created!;
  });
  try {
    if (!(await store.files.put(row.storedName, sealBytes(file.data))))
      throw new Error(`upload ${id}: a file named ${row.storedName} is already stored`);
  } catch (error) {
    await store.db.delete(uploads).where(eq(uploads.id, id));
    throw error;
  }
  return { ...keptFileValue(row), FileId: id, Url: signedUploadUrl(store.signer, id) };
}

/**
 * A file's name in the store says which data key sealed it, so that after a key rotation the files
 * still sealed under an older one are found by their names, without reading every file.
 */
export function storedNameFor(id: string, extension: string): string {
  return `${id}.${newestDataKeyId()}.${extension}`;
}

/** Files a round of resealing moves: each is read, opened, sealed again and written once. */
const RESEAL_FILES_BATCH = 50;

/**
 * Seals again under the newest data key every upload's file sealed under an older one (or stored
 * before names carried the key): written under its new name, the row moved to it, the old file
 * deleted. A row changed meanwhile keeps its file and the new one is deleted; a crash between the
 * write and the move leaves a file no upload names, which the daily cleanup deletes. A missing file
 * only has its name moved. Returns how many uploads it read.
 */
export async function resealUploadedFiles(db: Database, files: FileStore): Promise<number> {
  const newest = newestDataKeyId();
  const rows = await db
    .select({ id: uploads.id, storedName: uploads.storedName })
    .from(uploads)
    .where(notLike(uploads.storedName, `%.${newest}.%`))
    .orderBy(asc(uploads.id))
    .limit(RESEAL_FILES_BATCH);
  for (const row of rows) {
    const renamed = storedNameFor(row.id, path.extname(row.storedName).slice(1));
    const stored = await files.get(row.storedName);
    if (stored) {
      const resealed = sealBytes(openBytes(stored));
      if (!(await files.put(renamed, resealed))) {
        // Left by a run that stopped before moving the row: written again, whole.
        await files.delete(renamed);
        await files.put(renamed, resealed);
      }
    }
    const moved = await db
      .update(uploads)
      .set({ storedName: renamed })
      .where(and(eq(uploads.id, row.id), eq(uploads.storedName, row.storedName)))
      .returning({ id: uploads.id });
    if (stored) await files.delete(moved.length > 0 ? row.storedName : renamed);
  }
  return rows.length;
}

/** An upload's file, opened; null when it is gone or cannot be opened. */
async function openedFile(files: FileStore, row: UploadRow): Promise<Buffer | null> {
  try {
    const sealed = await files.get(row.storedName);
    return sealed && openBytes(sealed);
  } catch {
    return null;
  }
}

/** An upload and its bytes; null when there is no such upload or its file is gone. */
export async function readUpload(
  db: Database,
  files: FileStore,
  id: string,
): Promise<{ row: UploadRow; data: Buffer } | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (!row) return null;
  const data = await openedFile(files, row);
  return data && { row, data };
}

/** One of the account's own images as a data: URL (the ticket's photo); '' for anything else. */
export async function ownImageDataUrl(
  db: Database,
  files: FileStore,
  userId: number,
  value: unknown,
): Promise<string> {
  const id = fileIdOf(value);
  const [row] = id ? await ownUploads(db, userId, [id]) : [];
  if (!row || !row.contentType.startsWith('image/')) return '';
  const data = await openedFile(files, row);
  return data ? `data:${row.contentType};base64,${data.toString('base64')}` : '';
}

/**
 * The daily cleanup: deletes uploads never attached UNATTACHED_UPLOAD_TTL_MS after they were made
 * and named by no draft, and files of that age that no upload names (left by a crash, or from before uploads had owners).
 * Safe on many processes: each row is deleted once, and unlinking a missing file is nothing.
 */
export async function deleteUnattachedUploads(
  db: Database,
  store: FileStore,
  now: Date,
): Promise<{ uploads: number; files: number }> {
  const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS);
  const deleted = await db
    .delete(uploads)
    .where(
      and(
        isNull(uploads.attachedAt),
        lt(uploads.createdAt, cutoff),
        // A draft's photo stays while the draft does (it follows the candidate to another device).
        notExists(
          db
            .select({ id: applyDrafts.id })
            .from(applyDrafts)
            .where(sql`${uploads.id} = any(${applyDrafts.fileIds})`),
        ),
      ),
    )
    .returning({ storedName: uploads.storedName });
  let files = 0;
  const remove = async (name: string) => {
    if (await store.delete(name)) files += 1;
  };
  for (const row of deleted) await remove(row.storedName);
  const deleteUnnamed = async (batch: string[]) => {
    const kept = new Set(
      (
        await db
          .select({ storedName: uploads.storedName })
          .from(uploads)
          .where(inArray(uploads.storedName, batch))
      ).map((row) => row.storedName),
    );
    for (const name of batch) if (!kept.has(name)) await remove(name);
  };
  let batch: string[] = [];
  for await (const name of store.namesStoredBefore(cutoff)) {
    batch.push(name);
    if (batch.length === 500) {
      await deleteUnnamed(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await deleteUnnamed(batch);
  return { uploads: deleted.length, files };
}
