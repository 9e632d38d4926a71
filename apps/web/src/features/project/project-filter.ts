import {
  PROJECT_STATES,
  PROJECT_STATE_TEXT,
  type ProjectListFilter,
  type ProjectState,
} from '@portal/contracts';
import { TAG_COLOR } from '../../shared/ui/desktop/tag-colors';

/** The state filter's choices: '' is every state. */
export const PROJECT_STATE_OPTIONS = [
  { value: '', label: '全部' },
  ...PROJECT_STATES.map((state) => ({ value: state, label: PROJECT_STATE_TEXT[state] })),
];

/** The params with one filter changed; any change of filter starts again at page 1. */
export function withFilter(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('PageIndex');
  return next;
}

/** Whether a category, label or state narrows the list beside the keyword. */
export const narrowedBeyondKeyword = (filter: ProjectListFilter) =>
  Boolean(filter.CategoryId || filter.LableId || filter.State);

/** What an empty list says: the keyword, and that other filters narrowed it when they did. */
export function emptyListTitle(filter: ProjectListFilter): string {
  if (!filter.Keyword) return '暂无符合条件的项目';
  return narrowedBeyondKeyword(filter)
    ? `在当前分类和状态下，没有找到与“${filter.Keyword}”相关的项目`
    : `没有找到与“${filter.Keyword}”相关的项目`;
}

/** The address's search with the keyword alone: the same search over every project. */
export const keywordAlone = (filter: ProjectListFilter) =>
  `?${new URLSearchParams(filter.Keyword ? { Keyword: filter.Keyword } : {}).toString()}`;

/** A state's tag colour on a PC: solid, with white text at WCAG AA contrast. */
export const PROJECT_STATE_COLOR: Partial<Record<ProjectState, string>> = {
  Applying: TAG_COLOR.ok,
  NotStarted: TAG_COLOR.info,
};
