import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES, MAX_UPLOAD_BYTES, type UploadedFileValue } from '@portal/contracts';
import { badRequest, DomainError } from './errors.js';

export type UploadType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
const EXTENSIONS: Record<UploadType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
export const CONTENT_TYPE_BY_EXTENSION: Record<string, UploadType> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type as UploadType]),
);
/** Common/Upload answers URLs under this path; nothing else is accepted as a file value. */
export const UPLOAD_URL_PREFIX = '/uploads/';

/**
 * The one "is this our upload" check on a file value's Url: a path of this site under /uploads/
 * (what Common/Upload answers, and the demo data's files), never another site's address. Whether
 * the file is really there is isStoredUpload's question.
 */
export function isUploadUrl(url: string): boolean {
  return url.startsWith(UPLOAD_URL_PREFIX) && !url.includes('..') && !url.includes('//');
}
/** The names Common/Upload gives out (random, with the sniffed type's extension). */
const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|pdf)$/;

/** The real type, by the file's first bytes, whatever the browser declared. */
export function sniffType(data: Buffer): UploadType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

const PURPOSE_TYPES: Record<string, readonly UploadType[]> = {
  avatar: ['image/jpeg', 'image/png', 'image/webp'],
  photo: ['image/jpeg', 'image/png', 'image/webp'],
  file: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
};

/** Common/Upload: size and real type checked, then stored under a random name. */
export async function storeUpload(
  dataDir: string,
  file: { fileName: string; data: Buffer } | undefined,
  purpose: 'avatar' | 'photo' | 'file',
): Promise<UploadedFileValue> {
  if (!file) throw badRequest('请选择要上传的文件', { File: '请选择要上传的文件' });
  if (file.data.length === 0) throw badRequest('文件内容为空', { File: '文件内容为空' });
  if (file.data.length > MAX_UPLOAD_BYTES)
    throw new DomainError(ERROR_CODES.PAYLOAD_TOO_LARGE, '文件过大，请压缩后再上传（不超过10MB）');
  const type = sniffType(file.data);
  const allowed = PURPOSE_TYPES[purpose]!;
  if (!type || !allowed.includes(type))
    throw new DomainError(
      ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
      purpose === 'file'
        ? '文件类型不支持，请上传 JPG、PNG、WebP 图片或 PDF 文件'
        : '文件类型不支持，请上传 JPG、PNG 或 WebP 图片',
    );
  const name = `${randomBytes(16).toString('base64url')}.${EXTENSIONS[type]}`;
  await fs.mkdir(uploadsDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(uploadsDir(dataDir), name), file.data, { flag: 'wx' });
  const fileName = path.basename(file.fileName || name).slice(0, 200);
  return { Url: `/uploads/${name}`, FileName: fileName, Size: file.data.length, ContentType: type };
}

/** A stored upload by its public name; null for anything not of our making. */
export async function readUpload(
  dataDir: string,
  name: string,
): Promise<{ data: Buffer; contentType: UploadType } | null> {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  try {
    const data = await fs.readFile(path.join(uploadsDir(dataDir), name));
    return { data, contentType: CONTENT_TYPE_BY_EXTENSION[name.split('.').pop()!]! };
  } catch {
    return null;
  }
}

/** The stored file behind a Url that Common/Upload gave out; null for anything else. */
export async function readStoredUpload(
  dataDir: string,
  url: string,
): Promise<{ data: Buffer; contentType: UploadType } | null> {
  return isUploadUrl(url) ? readUpload(dataDir, url.slice(UPLOAD_URL_PREFIX.length)) : null;
}

/** Whether a Url is one Common/Upload gave out and the file is still there. */
export async function isStoredUpload(
  dataDir: string,
  url: string,
  images = false,
): Promise<boolean> {
  const stored = await readStoredUpload(dataDir, url);
  return stored !== null && !(images && stored.contentType === 'application/pdf');
}
