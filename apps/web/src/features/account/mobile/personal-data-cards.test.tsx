import {
  exportPersonalData,
  getPersonalDataEvents,
  type PersonalDataEvent,
} from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../platform';
import { fakeServer, refusal } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { PersonalDataEventsCard, PersonalDataExportCard } from './personal-data-cards';

setUpScreenTests();

const reviewerRead: PersonalDataEvent = {
  EventId: 2,
  Time: '2026-11-20T02:05:00.000Z',
  ActorKind: 'reviewer',
  ActorName: '陈老师',
  Action: 'read',
  Target: '报名信息（2026年教师招聘）',
  Address: '198.51.*.*',
  Result: 'ok',
};
const ownCheck: PersonalDataEvent = {
  ...reviewerRead,
  EventId: 1,
  ActorKind: 'candidate',
  ActorName: '',
  Action: 'real-name-check',
  Target: '实名信息（姓名、身份证号）',
  Result: 'refused',
};
const page = (Items: PersonalDataEvent[], Total = Items.length, PageIndex = 1) => ({
  Items,
  Total,
  PageIndex,
  PageSize: 10,
});

function PersonalDataCards() {
  return (
    <>
      <PersonalDataExportCard />
      <PersonalDataEventsCard />
    </>
  );
}

let saved: string[];
beforeEach(() => {
  signIn();
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('谁查看了我的信息 (phone)', () => {
  it('says who did what, when in Beijing time and from which masked address, newest first', async () => {
    fakeServer().on(getPersonalDataEvents, page([reviewerRead, ownCheck]));
    renderScreen(PersonalDataCards, paths.myAccount());
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '审核老师 陈老师 查看了报名信息（2026年教师招聘）2026-11-20 10:05（北京时间） · 来自 198.51.*.*',
      '您本人 实名核验了实名信息（姓名、身份证号）（未通过）2026-11-20 10:05（北京时间） · 来自 198.51.*.*',
    ]);
  });

  it('says when there is nothing yet, and loads the next page on asking', async () => {
    const server = fakeServer().on(getPersonalDataEvents, ({ PageIndex }) =>
      PageIndex === 1 ? page([reviewerRead], 11) : page([ownCheck], 11, 2),
    );
    renderScreen(PersonalDataCards, paths.myAccount());
    fireEvent.click(await screen.findByRole('button', { name: '查看更多' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(server.calls(getPersonalDataEvents).map((c) => c.input.PageIndex)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: '查看更多' })).toBeNull();
  });

  it('shows 暂无记录 for an empty list', async () => {
    fakeServer().on(getPersonalDataEvents, page([]));
    renderScreen(PersonalDataCards, paths.myAccount());
    expect(await screen.findByText('暂无记录')).toBeTruthy();
  });
});

describe('下载我的个人信息 (phone)', () => {
  it('saves the ZIP under the server’s name and shows the download in the list', async () => {
    const server = fakeServer().on(getPersonalDataEvents, page([])).on(exportPersonalData, {
      FileName: '个人信息副本-20261120.zip',
      ContentType: 'application/zip',
      Base64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==',
    });
    renderScreen(PersonalDataCards, paths.myAccount());
    await screen.findByText('暂无记录');
    fireEvent.click(screen.getByRole('button', { name: '下载个人信息副本' }));
    await waitFor(() => expect(saved).toEqual(['个人信息副本-20261120.zip']));
    await waitFor(() => expect(server.calls(getPersonalDataEvents)).toHaveLength(2));
  });

  it('says plainly when the copy could not be made', async () => {
    fakeServer()
      .on(getPersonalDataEvents, page([]))
      .on(exportPersonalData, refusal(503, '暂时无法生成个人信息副本，请稍后再试'));
    renderScreen(PersonalDataCards, paths.myAccount());
    fireEvent.click(await screen.findByRole('button', { name: '下载个人信息副本' }));
    expect((await screen.findByRole('alert')).textContent).toBe('未能生成个人信息副本，请稍后重试');
    expect(saved).toEqual([]);
  });
});
