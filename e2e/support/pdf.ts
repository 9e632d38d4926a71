import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, joined. (pdf.js takes the bytes it is given: it gets a copy.) */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await pdf.destroy();
  return parts.join('');
}

/** How many images a PDF paints (the photo and the QR code of a ticket). */
export async function paintedImages(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  let count = 0;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const ops = await (await pdf.getPage(n)).getOperatorList();
    count += ops.fnArray.filter(
      (fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject,
    ).length;
  }
  await pdf.destroy();
  return count;
}
