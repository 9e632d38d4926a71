import { projectListFilterOf, type ProjectListFilter } from '@portal/contracts';
import { Button, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHomeLables } from '../../home';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { useProjectList } from '../api/get-project-list';
import { ProjectCard } from '../components/project-card';
import {
  emptyListTitle,
  keywordAlone,
  narrowedBeyondKeyword,
  PROJECT_STATE_OPTIONS,
  withFilter,
} from '../project-filter';

export const SEARCH_DEBOUNCE_MS = 400;
const ALL = '';

/** The project list: search, filters by label and state (kept in the address), infinite scroll. */
export default function ProjectListPage() {
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('Keyword') ?? '');
  const settledKeyword = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const lables = useHomeLables();

  // The keyword as typed, settled; the rest as the address keeps it.
  const filter: ProjectListFilter = {
    ...projectListFilterOf(params),
    Keyword: settledKeyword || undefined,
  };
  const query = useProjectList(filter);

  const setParam = (name: string, value: string) =>
    setParams(withFilter(params, name, value), { replace: true, flushSync: true });
  const withParam = (name: string) => (value: string) => ({
    search: `?${withFilter(params, name, value).toString()}`,
  });

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
            value={filter.LableId ? String(filter.LableId) : ALL}
            to={withParam('LableId')}
          />
        ) : null}
        <ChipGroup
          label="报名状态"
          options={PROJECT_STATE_OPTIONS}
          value={filter.State ?? ALL}
          to={withParam('State')}
        />
      </div>
      <PagedList
        query={query}
        label="项目列表"
        itemKey={(project) => project.ProjectId}
        renderItem={(project) => <ProjectCard project={project} />}
        emptyTitle={emptyListTitle(filter)}
        emptyAction={
          filter.Keyword && narrowedBeyondKeyword(filter) ? (
            <Button
              color="primary"
              fill="outline"
              onClick={() =>
                setParams(new URLSearchParams(keywordAlone(filter)), { replace: true })
              }
            >
              在全部项目中搜索“{filter.Keyword}”
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
