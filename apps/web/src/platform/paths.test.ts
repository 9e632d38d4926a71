import { FALLBACK_ROUTE, ROUTES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { childPattern, isWithin, paths, ROUTE_PATTERNS, routePath } from './paths';

// The one file besides paths.ts that may spell '/views/…': it pins the builders to §2's addresses.
describe('route paths', () => {
  it('builds each route with its parameters', () => {
    expect(paths.flowManage({ ProjectId: 3 })).toBe('/views/flowManage?ProjectId=3');
    expect(paths.apply({ ProjectId: 1, PositionId: 11 })).toBe(
      '/views/apply?ProjectId=1&PositionId=11',
    );
    expect(paths.apply({ ProjectId: 1 })).toBe('/views/apply?ProjectId=1');
    expect(paths.payment({ ApplyId: 5 })).toBe('/views/payment?ApplyId=5');
    expect(paths.print({ ApplyId: 5 })).toBe('/views/print?ApplyId=5');
    expect(paths.onlineExam({ ProjectId: 3, ApplyId: 7 })).toBe(
      '/views/onlineExam?ProjectId=3&ApplyId=7',
    );
    expect(paths.noticeDetail({ MessageId: 2 })).toBe('/views/notice/detail?MessageId=2');
    expect(paths.notice({ tab: 'message' })).toBe('/views/notice?tab=message');
    expect(paths.findCategory({ LableId: 12 })).toBe('/views/find/category?LableId=12');
    expect(paths.questionMy()).toBe('/views/home/questionMy');
    expect(paths.questionSend({ ProjectId: 1 })).toBe('/views/home/questionSend?ProjectId=1');
    expect(paths.myFlow()).toBe('/views/my/myFlow');
    expect(paths.externalProject()).toBe('/views/externalproject');
    expect(paths.flowPreviewLogin()).toBe('/views/flowPreview/login');
    expect(paths.commonTabPanel()).toBe('/views/commonTabPanel');
    expect(paths.richText({ SolutionId: 4 })).toBe('/views/richText?SolutionId=4');
    expect(paths.homeRichText({ ProjectId: 4 })).toBe('/views/home/richText?ProjectId=4');
  });

  it('leaves empty parameters out and encodes text', () => {
    expect(paths.projectList({ Keyword: '', LableId: undefined })).toBe('/views/home/project');
    expect(
      new URL(paths.projectList({ Keyword: '教师 招聘' }), 'http://x').searchParams.get('Keyword'),
    ).toBe('教师 招聘');
    expect(paths.projectList({ LableId: 2, PageIndex: 2 })).toBe(
      '/views/home/project?LableId=2&PageIndex=2',
    );
  });

  it('agrees with the paths the contract shares with the server', () => {
    for (const [name, path] of Object.entries(ROUTES))
      expect(paths[name as keyof typeof ROUTES](), name).toBe(path);
    expect(FALLBACK_ROUTE).toBe(paths.projectList());
  });

  it('gives the route tables their patterns, nested ones relative to their parent', () => {
    expect(ROUTE_PATTERNS.projectList).toBe('home/project');
    expect(childPattern('my', 'myFlow')).toBe('myFlow');
    expect(() => childPattern('my', 'home')).toThrow();
    expect(routePath('noticeDetail')).toBe('/views/notice/detail');
  });

  it('tells whether a pathname lies within a route', () => {
    expect(isWithin('/views/flowPreview/login', 'flowPreview')).toBe(true);
    expect(isWithin('/views/flowPreview', 'flowPreview')).toBe(true);
    expect(isWithin('/views/flowPreviewer', 'flowPreview')).toBe(false);
  });
});
