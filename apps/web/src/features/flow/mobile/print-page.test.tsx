import { downloadPrint, generatePrint, pdfFileSchema } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, refusal } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import PrintPage from './print-page';
import { paths } from '../../../platform';

setUpScreenTests();

const TICKET =
  '<!doctype html><html lang="zh-CN"><body><h1>准考证</h1><table><tr><th>姓名</th><td>李明</td></tr></table></body></html>';
const PDF_TEXT = '%PDF-1.4 ticket';
const pdf = pdfFileSchema.parse({
  FileName: '准考证-5.pdf',
  ContentType: 'application/pdf',
  Base64: btoa(PDF_TEXT),
});
const PATH = paths.print({ ApplyId: 5 });

let saved: { blob: Blob; name: string; href: string }[];
beforeEach(() => {
  signIn();
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download, href: this.href });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('print: the admission ticket and its PDF', () => {
  it('shows the ticket with its own styles and nothing that runs or fetches', async () => {
    const html = TICKET.replace(
      '<body>',
      '<head><style>@import "https://evil.example/x.css";h1{background:url(https://evil.example/t.png);letter-spacing:8px}</style></head><body><script>alert(1)</script><img src="x" onerror="alert(2)">',
    );
    const server = fakeServer().on(generatePrint, { ApplyId: 5, Html: html, HasOnlineExam: false });
    renderScreen(PrintPage, PATH);
    const view = await screen.findByRole('document', { name: '准考证' });
    const root = view.querySelector('.ticket-view__paper')!.shadowRoot!;
    expect(root.textContent).toContain('李明');
    expect(root.querySelector('h1')?.textContent).toBe('准考证');
    const markup = root.innerHTML;
    expect(markup).not.toMatch(/<script|onerror|@import|url\(|evil\.example/);
    expect(root.querySelector('style')?.textContent).toContain('letter-spacing:8px');
    expect(server.calls(generatePrint)[0]?.input).toEqual({ ApplyId: 5 });
  });

  it('下载准考证 saves the PDF under its file name, once per tap burst, the button off meanwhile', async () => {
    let answer!: (value: typeof pdf) => void;
    const server = fakeServer()
      .on(generatePrint, { ApplyId: 5, Html: TICKET, HasOnlineExam: false })
      .on(downloadPrint, () => new Promise<typeof pdf>((resolve) => (answer = resolve)));
    renderScreen(PrintPage, PATH);
    const button = await screen.findByRole('button', { name: '下载准考证(PDF)' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    answer(pdf);
    expect(await screen.findByText(/准考证已下载/)).toBeTruthy();
    expect(server.calls(downloadPrint)).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('准考证-5.pdf');
    expect(saved[0]?.blob.type).toBe('application/pdf');
    expect(await saved[0]?.blob.text()).toBe(PDF_TEXT);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('a ticket that cannot be printed yet says why, with a retry', async () => {
    fakeServer().on(generatePrint, refusal(409, '请先缴纳报名费，缴费成功后即可打印准考证'));
    renderScreen(PrintPage, PATH);
    expect(await screen.findByText('请先缴纳报名费，缴费成功后即可打印准考证')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
