import fs from 'node:fs/promises';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { uploadsDir } from '../domain/uploads.js';

/**
 * The demo person's uploaded files, drawn at seed time (no binaries in git): a real ID photo and
 * a real one-page PDF, under names Common/Upload could have given out, so every screen and the
 * ticket read them as they read a candidate's own uploads.
 */
export const SEED_UPLOADS = {
  photo: { name: 'seed-li-ming-photo.jpg', fileName: '证件照.jpg', contentType: 'image/jpeg' },
  diploma: {
    name: 'seed-li-ming-diploma.pdf',
    fileName: '学位证书.pdf',
    contentType: 'application/pdf',
  },
} as const;

export const seedUploadUrl = (name: string) => `/uploads/${name}`;

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

/** Writes the seeded uploads into the data folder when they are missing (demo mode and tests). */
export async function writeSeedUploads(dataDir: string): Promise<void> {
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const files: [string, () => Buffer][] = [
    [SEED_UPLOADS.photo.name, drawIdPhoto],
    [SEED_UPLOADS.diploma.name, drawDiploma],
  ];
  for (const [name, draw] of files) {
    const file = path.join(dir, name);
    await fs.writeFile(file, draw(), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
