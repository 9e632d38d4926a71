import { findLableSchema, getFindLable, getProjectList, type FindLable } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { paged, projectSummary } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests } from '../../testing/render-screen';
import { fetchFindTree } from '../api/get-find-lable';
import FindCategoryPage from './find-category-page';
import FindPage from './find-page';
import { paths } from '../../../platform';

setUpScreenTests();

const TREE: FindLable[] = [
  {
    LableId: 1,
    Name: '招录考试',
    Icon: 'team',
    ProjectCount: 5,
    Children: [
      { LableId: 11, Name: '公务员', Icon: 'team', ProjectCount: 3 },
      { LableId: 12, Name: '教师招聘', Icon: 'team', ProjectCount: 2 },
    ],
  },
  { LableId: 2, Name: '竞赛活动', Icon: 'trophy', ProjectCount: 1, Children: [] },
].map((l) => findLableSchema.parse(l));

describe('find: the discovery tree', () => {
  it('reads Children through the §3 helper: a node without children is a selectable leaf', async () => {
    fakeServer().on(getFindLable, TREE);
    const tree = await fetchFindTree();
    expect(tree[0]).toMatchObject({ LableId: 1, selectable: false, leaf: false });
    expect(tree[0]!.children?.map((c) => [c.Name, c.leaf, c.selectable])).toEqual([
      ['公务员', true, true],
      ['教师招聘', true, true],
    ]);
    expect(tree[1]).toMatchObject({ LableId: 2, selectable: true, leaf: true });
  });

  it('shows each root with its children as links to their category; a leaf root links to itself', async () => {
    fakeServer().on(getFindLable, TREE);
    renderScreen(FindPage, paths.find());
    const group = (await screen.findByRole('heading', { name: '招录考试' })).closest('section')!;
    const links = within(group).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      paths.findCategory({ LableId: 1 }),
      paths.findCategory({ LableId: 11 }),
      paths.findCategory({ LableId: 12 }),
    ]);
    expect(links[1]!.textContent).toContain('3 个项目');
    const leaf = screen.getByRole('heading', { name: '竞赛活动' }).closest('section')!;
    expect(
      within(leaf)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toContain(paths.findCategory({ LableId: 2 }));
  });

  it('find/category shows the label’s children and its projects by LableId', async () => {
    const server = fakeServer()
      .on(getFindLable, TREE)
      .on(getProjectList, paged([projectSummary({ Title: '公务员考试' })]));
    renderScreen(FindCategoryPage, paths.findCategory({ LableId: 1 }));
    expect(await screen.findByRole('heading', { name: '招录考试' })).toBeTruthy();
    const children = screen.getByRole('list', { name: '细分类' });
    expect(
      within(children)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['公务员（3）', '教师招聘（2）']);
    expect(await screen.findByText('公务员考试')).toBeTruthy();
    await waitFor(() =>
      expect(server.calls(getProjectList)[0]!.input).toMatchObject({ LableId: '1' }),
    );
  });
});
