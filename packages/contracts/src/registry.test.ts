import { describe, expect, it } from 'vitest';
import { MAX_ID } from './envelope.js';
import { ENDPOINTS, endpointByName } from './registry.js';
import { CLIENT_IDS } from './services.js';

/** §7's table, method by method, as the spec names the calls. */
const SPEC_CALLS: Array<[method: 'GET' | 'POST', path: string]> = [
  ...[
    'Project/GetProject',
    'Project/GetProjectPosition',
    'Project/GetProjectList',
    'Project/GetProjectUserAsk',
    'Project/GetProjectOpenAsk',
    'ProjectApply/GetForm',
    'ProjectFlow/GetApply',
    'ProjectPayment/GetProjectPaymentOrder',
    'ProjectPayment/VerifyPaymentOrder',
    'MerchantOrder/GetUserPaymentOrder',
    'User/GetUser',
    'User/GetUserApplyArchive',
    'User/GetPersonalCenterNumber',
    'User/GetUserRunProject',
    'User/GetUserRunProjectDisplay',
    'User/GetUserBrowseProject',
    'User/GetUserProject',
    'User/GetUserCollectProject',
    'ProjectNotice/GetNotice',
    'MessageNotice/GetList',
    'MessageNotice/GetNotice',
    'Lable/GetHomeLable',
    'Lable/GetFindLable',
    'HomeLableLayout/GetHomeLableLayout',
    'CommonSolution/GetList',
    'CommonSolution/GetDetails',
    'ExternalProject/GetList',
    'Common/GetSharePoster',
    'PageConfig/GetPageConfig',
    'BindWeChat/GetWeChatConfig',
    'BindWeChat/GetWeChatBindUser',
    'ProjectPreview/GetNotice',
    'ProjectPreview/GetForm',
    'ProjectPreview/GetProject',
    'ProjectPreview/GetApply',
    'ProjectPreview/GetProjectPosition',
  ].map((name): ['GET', string] => ['GET', `/OpenService/v1/${name}`]),
  ['GET', '/EnterpriseService/v1/Enterprise/GetEquityBuy'],
  ['GET', '/PlatformService/v1/User/GetPlatformPower'],
  ...[
    'Project/Follow',
    'Project/SubmitAsk',
    'ProjectApply/Apply',
    'ProjectApply/ModifyApply',
    'ProjectApply/GetFormReport',
    'ProjectFlow/GeneratePrint',
    'ProjectFlow/DownloadPrint',
    'User/SaveUserApplyArchive',
    'User/RealPersonVerify',
    'User/UpdateHeadPortrait',
    'User/UpdateLoginPwd',
    'User/RelieveWeChatBind',
    'User/ChangeMobile',
    'User/CloseAccount',
    'ShortMessage/SendVerifyShortMessage',
    'ShortMessage/Verify',
    'Temporary/CooperateApply',
    'ProjectOnLineExamine/SubmitAnswer',
    'Common/QRCodeDecode',
    'Common/Upload',
    'Common/HtmlToPdf',
    'Common/CreateWebWeChat',
    'BindWeChat/BindAccount',
    'ProjectPreview/GeneratePrint',
    'ProjectPreview/HtmlToPdf',
  ].map((name): ['POST', string] => ['POST', `/OpenService/v1/${name}`]),
];

/** ARCHITECTURE's service map. */
const SERVICE_OF_AREA: Record<string, string> = {
  Project: 'exam-flow',
  ProjectApply: 'exam-flow',
  ProjectFlow: 'exam-flow',
  ProjectPreview: 'exam-flow',
  ProjectNotice: 'exam-message',
  MessageNotice: 'exam-message',
  ShortMessage: 'exam-message',
  Captcha: 'exam-message',
  User: 'exam-account',
  BindWeChat: 'exam-account',
  ProjectPayment: 'exam-payment',
  MerchantOrder: 'exam-payment',
  Enterprise: 'exam-payment',
  Lable: 'exam-expand',
  HomeLableLayout: 'exam-expand',
  CommonSolution: 'exam-expand',
  ExternalProject: 'exam-expand',
  Common: 'exam-expand',
  PageConfig: 'exam-expand',
  ProjectOnLineExamine: 'exam-custom',
  Temporary: 'exam-custom',
  // Beyond the map: an exam's published score and its 复核 live beside the exam (issue 30, point 18).
  ProjectScore: 'exam-custom',
};

describe('the contract', () => {
  it.each(SPEC_CALLS)('has §7 call %s %s', (method, path) => {
    const endpoint = ENDPOINTS.find((e) => e.path === path);
    expect(endpoint, path).toBeDefined();
    expect(endpoint?.method).toBe(method);
  });

  it('defines each method and path once', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('places every area on the ServiceID the architecture gives it', () => {
    for (const endpoint of ENDPOINTS) {
      const area = endpoint.name.split('/')[0]!;
      const expected =
        endpoint.name === 'ProjectPreview/HtmlToPdf' ? 'exam-expand' : SERVICE_OF_AREA[area];
      expect(endpoint.service, endpoint.name).toBe(expected);
    }
  });

  it('uses all eight clients', () => {
    expect(new Set(ENDPOINTS.map((e) => e.client))).toEqual(new Set(CLIENT_IDS));
  });

  it('identifies preview calls by LoginName and the preview proof instead of a token', () => {
    const preview = ENDPOINTS.filter((e) => e.client.endsWith('-preview'));
    // §7's seven, plus the reviewer's login, logout, test entry and project chooser.
    expect(preview.map((e) => e.name).sort()).toEqual(
      [
        'GeneratePrint',
        'GetApply',
        'GetForm',
        'GetNotice',
        'GetProject',
        'GetProjectList',
        'GetProjectPosition',
        'HtmlToPdf',
        'Login',
        'Logout',
        'SubmitForm',
      ].map((action) => `ProjectPreview/${action}`),
    );
    for (const endpoint of preview) {
      const signsInOrOut = endpoint.name.endsWith('/Login') || endpoint.name.endsWith('/Logout');
      expect(endpoint.auth, endpoint.name).toBe(signsInOrOut ? 'optional' : 'preview');
      expect(endpoint.request.safeParse({ ProjectId: 1, Html: 'x' }).success).toBe(false);
    }
  });

  it('checks the ids of a JSON body as they are: true or text is not an id', () => {
    const endpoint = endpointByName('Project/SubmitAsk')!;
    const content = '这个项目什么时候开始报名？';
    expect(endpoint.request.safeParse({ ProjectId: 1, Content: content }).success).toBe(true);
    for (const ProjectId of [true, '1', 0, 1.5, MAX_ID + 1])
      expect(
        endpoint.request.safeParse({ ProjectId, Content: content }).success,
        String(ProjectId),
      ).toBe(false);
  });

  it('states the range of every id: up to the largest integer column value', () => {
    const endpoint = endpointByName('Project/GetProject')!;
    expect(endpoint.request.safeParse({ ProjectId: MAX_ID }).success).toBe(true);
    expect(endpoint.request.safeParse({ ProjectId: 2 ** 31 }).success).toBe(false);
  });

  it('refuses a page size over the limit', () => {
    const endpoint = endpointByName('Project/GetProjectList')!;
    expect(endpoint.request.safeParse({ PageSize: 500 }).success).toBe(false);
  });
});
