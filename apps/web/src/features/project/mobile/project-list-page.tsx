import { PROJECT_STATES, PROJECT_STATE_TEXT, type ProjectState } from '@portal/contracts';
import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHomeLables } from '../../home';
import { idParam } from '../../../shared/id';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { type ProjectListFilter, useProjectList } from '../api/get-project-list';
import { ProjectCard } from '../components/project-card';

export const SEARCH_DEBOUNCE_MS = 400;
const ALL = '';

const STATE_OPTIONS = [
  { value: ALL, label: '全部' },
  ...PROJECT_STATES.map((state) => ({ value: state, label: PROJECT_STATE_TEXT[state] })),
];

/** The project list: search, filters by label and state (kept in the address), infinite scroll. */
export default function ProjectListPage() {
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('Keyword') ?? '');
  const settledKeyword = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const lables = useHomeLables();

  const state = params.get('State') ?? ALL;
  const filter: ProjectListFilter = {
    Keyword: settledKeyword || undefined,
    LableId: idParam(params.get('LableId')),
    CategoryId: idParam(params.get('CategoryId')),
    State: (PROJECT_STATES as readonly string[]).includes(state)
      ? (state as ProjectState)
      : undefined,
  };
  const query = useProjectList(filter);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const lableOptions = [
    { value: ALL, label: '全部' },
    ...(lables.data ?? []).map((l) => ({ value: String(l.LableId), label: l.Name })),
  ];

  return (
    <div className="project-list-page">
      <div className="project-list-page__filters">
        <SearchBar
          // antd-mobile's clear control is a div with an aria-label (axe: prohibited); deleting the text clears it.
          clearable={false}
          placeholder="搜索项目名称或主办单位"
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => setParam('Keyword', value.trim())}
          onClear={() => setParam('Keyword', '')}
          aria-label="搜索项目"
        />
        {lables.data && lables.data.length > 0 ? (
          <ChipGroup
            label="项目分类"
            options={lableOptions}
            value={params.get('LableId') ?? ALL}
            onChange={(value) => setParam('LableId', value)}
          />
        ) : null}
        <ChipGroup
          label="报名状态"
          options={STATE_OPTIONS}
          value={(PROJECT_STATES as readonly string[]).includes(state) ? state : ALL}
          onChange={(value) => setParam('State', value)}
        />
      </div>
      <PagedList
        query={query}
        label="项目列表"
        itemKey={(project) => project.ProjectId}
        renderItem={(project) => <ProjectCard project={project} />}
        emptyTitle={
          filter.Keyword ? `没有找到与“${filter.Keyword}”相关的项目` : '暂无符合条件的项目'
        }
      />
    </div>
  );
}
