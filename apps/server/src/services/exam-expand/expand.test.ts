import {
  createWebWeChat,
  getCommonSolutionDetails,
  getCommonSolutionList,
  getExternalProjectList,
  getPageConfig,
  getSharePoster,
  htmlToPdf,
  MAX_UPLOAD_BYTES,
  qrCodeDecode,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsApiSignature } from '../../gateways/wechat/signature.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = '----portal-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('exam-expand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('PageConfig/GetPageConfig', () => {
    it('finds the tenant by the request host, port stripped', async () => {
      const { body } = await t.call(getPageConfig, {}, { headers: { host: 'localhost:8080' } });
      expect(body.Data).toMatchObject({ IsNotFound: false, TenantName: '华夏人才考试服务中心' });
      expect(body.Data.TenantId).toEqual(expect.any(Number));
    });
    it('Domain overrides the host; an unknown site is IsNotFound', async () => {
      expect((await t.call(getPageConfig, { Domain: '127.0.0.1:3000' })).body.Data.IsNotFound).toBe(
        false,
      );
      const unknown = await t.call(getPageConfig, { Domain: 'unknown.example.com' });
      expect(unknown.status).toBe(200);
      expect(unknown.body.Data).toEqual({
        IsNotFound: true,
        TenantId: null,
        TenantName: '',
        LogoUrl: '',
        ServicePhone: '',
      });
    });
    it('refuses a domain over 253 characters', async () => {
      expect((await t.call(getPageConfig, { Domain: 'a'.repeat(300) })).status).toBe(400);
    });
  });

  describe('CommonSolution and ExternalProject', () => {
    it('lists solutions newest first, paged', async () => {
      const { body } = await t.call(getCommonSolutionList, { PageSize: 4 });
      expect(body.Data.Total).toBeGreaterThanOrEqual(6);
      expect(body.Data.Items).toHaveLength(4);
      const times = body.Data.Items.map((s) => s.PublishTime);
      expect([...times].sort().reverse()).toEqual(times);
    });
    it('shows a solution’s rich content; an unknown one is 404', async () => {
      const { body: list } = await t.call(getCommonSolutionList, {});
      const { status, body } = await t.call(getCommonSolutionDetails, {
        SolutionId: list.Data.Items[0]!.SolutionId,
      });
      expect(status).toBe(200);
      expect(body.Data.Content).toContain('<h2>');
      const missing = await t.call(getCommonSolutionDetails, { SolutionId: 99999 });
      expect(missing.status).toBe(404);
      expect(missing.body.ErrMsg).toBe('解决方案不存在或已下线');
      expect((await t.call(getCommonSolutionDetails, { SolutionId: 'x' })).status).toBe(400);
    });
    it('lists external projects', async () => {
      const { status, body } = await t.call(getExternalProjectList, { PageSize: 20 });
      expect(status).toBe(200);
      expect(body.Data.Total).toBeGreaterThanOrEqual(8);
      expect(body.Data.Items[0]!.Url).toMatch(/^https:\/\//);
    });
  });

  describe('Common/Upload', () => {
    const send = (form: ReturnType<typeof multipart>, signedIn = true) =>
      (signedIn ? t.authorization(t.demoUserId) : Promise.resolve('')).then((authorization) =>
        t.app.inject({
          method: 'POST',
          url: '/services/exam-expand/OpenService/v1/Common/Upload',
          payload: form.payload,
          headers: { ...form.headers, ...(authorization ? { authorization } : {}) },
        }),
      );

    it('stores a PNG and serves it at its signed Url with its type, never cached', async () => {
      const response = await send(
        multipart({ Purpose: 'avatar' }, { name: '头像.png', type: 'image/png', data: PNG_1PX }),
      );
      expect(response.statusCode).toBe(200);
      const data = response.json().Data;
      expect(data).toMatchObject({
        FileId: expect.stringMatching(/^[\w-]{22}$/),
        FileName: '头像.png',
        Size: PNG_1PX.length,
        ContentType: 'image/png',
      });
      expect(data.Url).toMatch(/^\/uploads\/[\w-]{22}\?expires=\d+&signature=[\w-]+$/);
      const got = await t.app.inject({ method: 'GET', url: data.Url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.rawPayload.equals(PNG_1PX)).toBe(true);
      expect(
        (await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecrets.json' })).statusCode,
      ).toBe(401);
      const signature = new URL(data.Url, 'http://x').search;
      expect(
        (await t.app.inject({ method: 'GET', url: `/uploads/AAAAAAAAAAAAAAAAAAAAAA${signature}` }))
          .statusCode,
      ).toBe(404);
    });

    it('judges the type by the bytes, not the declared type: 415', async () => {
      const response = await send(
        multipart(
          { Purpose: 'file' },
          { name: 'virus.png', type: 'image/png', data: Buffer.from('MZ this is not an image') },
        ),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().ErrMsg).toMatch(/^文件类型不支持/);
    });

    it('takes a PDF as a file but not as an avatar', async () => {
      const pdf = {
        name: 'a.pdf',
        type: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n1 0 obj\n%%EOF'),
      };
      expect((await send(multipart({ Purpose: 'file' }, pdf))).statusCode).toBe(200);
      expect((await send(multipart({ Purpose: 'avatar' }, pdf))).statusCode).toBe(415);
    });

    it('refuses a file over the size limit', async () => {
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0);
      PNG_1PX.copy(big);
      const response = await send(
        multipart({ Purpose: 'file' }, { name: 'big.png', type: 'image/png', data: big }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().ErrMsg).toMatch(/文件过大/);
    });

    it('refuses a missing file, an unknown purpose, no sign-in and a JSON body', async () => {
      expect((await send(multipart({ Purpose: 'file' }))).statusCode).toBe(400);
      expect(
        (
          await send(
            multipart({ Purpose: 'virus' }, { name: 'a.png', type: 'image/png', data: PNG_1PX }),
          )
        ).statusCode,
      ).toBe(400);
      expect(
        (await send(multipart({}, { name: 'a.png', type: 'image/png', data: PNG_1PX }), false))
          .statusCode,
      ).toBe(401);
      const json = await t.app.inject({
        method: 'POST',
        url: '/services/exam-expand/OpenService/v1/Common/Upload',
        payload: { Purpose: 'file' },
        headers: { authorization: await t.authorization(t.demoUserId) },
      });
      expect(json.statusCode).toBe(415);
    });
  });

  describe('Common/QRCodeDecode', () => {
    it('reads a QR code from a PNG and from a JPEG', async () => {
      const png = await QRCode.toBuffer('https://portal.example.com/views/home/project?id=7', {
        type: 'png',
        width: 240,
      });
      const fromPng = await t.call(qrCodeDecode, {
        ImageBase64: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(fromPng.status).toBe(200);
      expect(fromPng.body.Data.Text).toBe('https://portal.example.com/views/home/project?id=7');
      const decoded = PNG.sync.read(png);
      const jpg = jpeg.encode(
        { data: decoded.data, width: decoded.width, height: decoded.height },
        90,
      ).data;
      const fromJpeg = await t.call(qrCodeDecode, {
        ImageBase64: Buffer.from(jpg).toString('base64'),
      });
      expect(fromJpeg.body.Data.Text).toBe('https://portal.example.com/views/home/project?id=7');
    });
    it('an image without a QR code is 400 未识别到二维码', async () => {
      const { status, body } = await t.call(qrCodeDecode, {
        ImageBase64: PNG_1PX.toString('base64'),
      });
      expect(status).toBe(400);
      expect(body.ErrMsg).toBe('未识别到二维码');
    });
    it('refuses what is not an image, not base64, or empty', async () => {
      expect(
        (await t.call(qrCodeDecode, { ImageBase64: Buffer.from('hello').toString('base64') }))
          .status,
      ).toBe(400);
      expect((await t.call(qrCodeDecode, { ImageBase64: '###' })).status).toBe(400);
      const empty = await t.call(qrCodeDecode, { ImageBase64: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.ErrMsg).toContain('请上传二维码图片');
    });
  });

  describe('Common/QRCodeDecode: no picture holds the server', () => {
    /** A PNG of random grey pixels: nothing to find, so the scan looks everywhere. */
    const noisePng = (width: number, height: number) => {
      const png = new PNG({ width, height });
      for (let i = 0; i < png.data.length; i += 4) {
        const grey = Math.random() < 0.5 ? 0 : 255;
        png.data.fill(grey, i, i + 3);
        png.data[i + 3] = 255;
      }
      return PNG.sync.write(png).toString('base64');
    };

    it('refuses a picture over 4 megapixels from its header, without decoding it', async () => {
      const blank = new PNG({ width: 3000, height: 3000 });
      blank.data.fill(255);
      const res = await t.call(qrCodeDecode, {
        ImageBase64: PNG.sync.write(blank).toString('base64'),
      });
      expect(res.status).toBe(400);
      expect(res.body.Data).toEqual({ FieldErrors: { ImageBase64: '图片尺寸过大' } });
    });

    it('scans off the event loop: a call made during a scan is answered before it ends', async () => {
      const finished: string[] = [];
      const scan = t.app
        .inject({
          method: 'POST',
          url: `/services/${qrCodeDecode.service}${qrCodeDecode.path}`,
          payload: { ImageBase64: noisePng(2000, 2000) },
        })
        .then((res) => finished.push(`scan ${res.statusCode}`));
      // A scan on the main thread would hold this timer, and the call after it, until it ended.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = t.app
        .inject('/healthz')
        .then((res) => finished.push(`health ${res.statusCode}`));
      await Promise.all([scan, health]);
      expect(finished[0]).toBe('health 200');
      expect(finished[1]).toBe('scan 400');
    });
  });

  describe('Common/CreateWebWeChat', () => {
    it('signs the page without its fragment', async () => {
      const { status, body } = await t.call(createWebWeChat, {
        PageUrl: 'http://localhost:8080/views/home/project?a=1#top',
      });
      expect(status).toBe(200);
      expect(body.Data.appId).toBe(t.deps.config.weChat.appId);
      expect(body.Data.signature).toMatch(/^[0-9a-f]{40}$/);
      expect(body.Data.signature).not.toBe(
        jsApiSignature({
          ticket: 'x',
          nonceStr: body.Data.nonceStr,
          timestamp: body.Data.timestamp,
          url: 'http://localhost:8080/views/home/project?a=1',
        }),
      );
    });
    it('refuses what is not an http(s) address', async () => {
      expect((await t.call(createWebWeChat, { PageUrl: 'ftp://x.example/a' })).status).toBe(400);
      expect((await t.call(createWebWeChat, { PageUrl: 'not a url' })).status).toBe(400);
    });
  });

  describe('Common/HtmlToPdf', () => {
    it('answers the gateway’s PDF as base64 with a .pdf name', async () => {
      const app = await createTestApp({
        gateways: {
          pdf: {
            htmlToPdf: async () => Buffer.from('%PDF-1.7 fake'),
            checkRoomFor: () => undefined,
          },
        },
      });
      try {
        const { status, body } = await app.call(
          htmlToPdf,
          { Html: '<p>准考证</p>', FileName: '准考证 李明' },
          { as: app.demoUserId },
        );
        expect(status).toBe(200);
        expect(body.Data).toEqual({
          FileName: '准考证_李明.pdf',
          ContentType: 'application/pdf',
          Base64: Buffer.from('%PDF-1.7 fake').toString('base64'),
        });
        expect((await app.call(htmlToPdf, { Html: '' }, { as: app.demoUserId })).status).toBe(400);
        expect((await app.call(htmlToPdf, { Html: '<p>x</p>' })).status).toBe(401);
      } finally {
        await app.close();
      }
    });
    it('a broken renderer is 503 with a message', async () => {
      const app = await createTestApp({
        gateways: {
          pdf: {
            htmlToPdf: async () => {
              throw new Error('no chromium');
            },
            checkRoomFor: () => undefined,
          },
        },
      });
      try {
        const { status, body } = await app.call(
          htmlToPdf,
          { Html: '<p>x</p>' },
          { as: app.demoUserId },
        );
        expect(status).toBe(503);
        expect(body.ErrMsg).toBe('暂时无法生成 PDF，请稍后再试');
      } finally {
        await app.close();
      }
    });
  });

  describe('Common/GetSharePoster', () => {
    it('draws the project title and a QR code of ShareUrl as an SVG data URL', async () => {
      const result = (await t.db.execute(
        sql`select id, title from projects order by id limit 1`,
      )) as unknown as {
        rows: { id: number; title: string }[];
      };
      const project = result.rows[0]!;
      const { status, body } = await t.call(getSharePoster, {
        ProjectId: project.id,
        ShareUrl: 'http://localhost:8080/views/home/project?id=1',
      });
      expect(status).toBe(200);
      expect(body.Data.ShareUrl).toBe('http://localhost:8080/views/home/project?id=1');
      expect(body.Data.PosterUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(body.Data.PosterUrl.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toContain(project.title.slice(0, 10));
      expect(svg).toContain('<path');
    });
    it('an unknown project is 404', async () => {
      const { status, body } = await t.call(getSharePoster, {
        ProjectId: 999999,
        ShareUrl: 'http://localhost:8080/p',
      });
      expect(status).toBe(404);
      expect(body.ErrMsg).toBe('项目不存在或已下线');
    });
    it('refuses a ShareUrl that is not a URL', async () => {
      expect((await t.call(getSharePoster, { ProjectId: 1, ShareUrl: 'nope' })).status).toBe(400);
    });
  });
});
