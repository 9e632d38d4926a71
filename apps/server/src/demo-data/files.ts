import { sealBytes } from '../platform/sealed-values.js';
import { randomBytes } from 'node:crypto';
import type { UploadedFileValue } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import type { Database } from '../db/client.js';
import { uploads } from '../db/schema/index.js';
import type { FileStore } from '../domain/ports.js';
import { keptFileValue, storedNameFor } from '../domain/uploads/uploads.js';

/**
 * The seeded candidates' uploaded files, drawn at seed time (no binaries in git): a real ID photo
 * and a real one-page PDF. Each candidate owns uploads of their own under random ids, as
 * Common/Upload gives them out, so every screen and the ticket read them as a candidate's own.
 */
export const SEED_UPLOADS = {
  photo: {
    fileName: '证件照.jpg',
    contentType: 'image/jpeg',
    ext: 'jpg',
    draw: () => drawIdPhoto(),
  },
  diploma: {
    fileName: '学位证书.pdf',
    contentType: 'application/pdf',
    ext: 'pdf',
    draw: () => drawDiploma(),
  },
} as const;
type SeedUpload = keyof typeof SEED_UPLOADS;

const drawings = new Map<SeedUpload, Buffer>();
const drawingOf = (kind: SeedUpload) => {
  let data = drawings.get(kind);
  if (!data) drawings.set(kind, (data = SEED_UPLOADS[kind].draw()));
  return data;
};

/** Records a candidate's seeded uploads (attached: their applications name them) as form values. */
export async function seedUploadsOf(
  db: Database,
  userId: number,
  at: Date,
): Promise<Record<SeedUpload, UploadedFileValue>> {
  const kinds = Object.keys(SEED_UPLOADS) as SeedUpload[];
  const rows = await db
    .insert(uploads)
    .values(
      kinds.map((kind) => {
        const id = randomBytes(16).toString('base64url');
        const { fileName, contentType, ext } = SEED_UPLOADS[kind];
        return {
          id,
          userId,
          storedName: storedNameFor(id, ext),
          fileName,
          contentType,
          size: drawingOf(kind).length,
          createdAt: at,
          attachedAt: at,
        };
      }),
    )
    .returning();
  return Object.fromEntries(kinds.map((kind, i) => [kind, keptFileValue(rows[i]!)])) as Record<
    SeedUpload,
    UploadedFileValue
  >;
}

const PHOTO_WIDTH = 240;
const PHOTO_HEIGHT = 320;

/** A 2-inch-style ID photo: a plain light background, head and shoulders in dark clothes. */
export function drawIdPhoto(): Buffer {
  const w = PHOTO_WIDTH;
  const h = PHOTO_HEIGHT;
  const data = Buffer.alloc(w * h * 4);
  const put = (i: number, [r, g, b]: readonly number[]) => {
    data[i] = r!;
    data[i + 1] = g!;
    data[i + 2] = b!;
    data[i + 3] = 255;
  };
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = (y * w + x) * 4;
      const face = ((x - 120) / 52) ** 2 + ((y - 130) / 66) ** 2 <= 1;
      const hair = ((x - 120) / 58) ** 2 + ((y - 112) / 58) ** 2 <= 1 && y < 118;
      const neck = Math.abs(x - 120) < 22 && y > 180 && y < 230;
      const shoulders = ((x - 120) / 112) ** 2 + ((y - 330) / 100) ** 2 <= 1 && y >= 226;
      const collar = shoulders && Math.abs(x - 120) < 230 - y + 10 && y < 262;
      if (hair) put(i, [38, 34, 32]);
      else if (face || neck) put(i, [236, 200, 172]);
      else if (collar) put(i, [245, 245, 245]);
      else if (shoulders) put(i, [30, 45, 80]);
      else put(i, [230, 240, 250]);
    }
  }
  return jpeg.encode({ data, width: w, height: h }, 85).data;
}

/** A one-page PDF with one line of text: small, and a PDF reader opens it. */
export function drawOnePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DIPLOMA_TEXT = 'Bachelor of Engineering - Li Ming';
export const drawDiploma = () => drawOnePagePdf(DIPLOMA_TEXT);

/** Draws the seeded uploads' files that the file store lacks (demo mode and tests). */
export async function writeSeedUploads(db: Database, files: FileStore): Promise<void> {
  for (const kind of Object.keys(SEED_UPLOADS) as SeedUpload[]) {
    const { fileName, contentType } = SEED_UPLOADS[kind];
    const data = drawingOf(kind);
    const rows = await db
      .select({ storedName: uploads.storedName })
      .from(uploads)
      .where(
        and(
          eq(uploads.fileName, fileName),
          eq(uploads.contentType, contentType),
          eq(uploads.size, data.length),
        ),
      );
    for (const row of rows) await files.put(row.storedName, sealBytes(data));
  }
}
