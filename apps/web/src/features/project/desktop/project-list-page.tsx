import {
  DESKTOP_PROJECT_PAGE_SIZE,
  pageIndexOf,
  projectListFilterOf,
  PROJECT_STATE_TEXT,
} from '@portal/contracts';
import { Button, Card, Empty, Input, Pagination, Result, Select, Skeleton, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { formatFee } from '../../../shared/money';
import { useHomeLables } from '../../home';
import { useProjectPage } from '../api/get-project-list';
import { applyWindowText } from '../components/project-card';
import {
  emptyListTitle,
  keywordAlone,
  narrowedBeyondKeyword,
  PROJECT_STATE_COLOR,
  PROJECT_STATE_OPTIONS,
  withFilter,
} from '../project-filter';
import './project-desktop.css';

/**
 * home/project on a PC: a filter bar and a card grid with numbered pages. Page and filters live
 * in the address, so refresh, back and a shared link keep them.
 */
export default function ProjectListPage() {
  const [params, setParams] = useSearchParams();
  const filter = projectListFilterOf(params);
  const pageIndex = pageIndexOf(params);
  const page = useProjectPage(filter, pageIndex, DESKTOP_PROJECT_PAGE_SIZE);
  const lables = useHomeLables();
  // Drawn at once, not in a transition: a page tapped right after a search must build on the
  // address with that search, and until the page is drawn again its handlers hold the old one.
  const setFilter = (name: string, value: string) =>
    setParams(withFilter(params, name, value), { flushSync: true });

  return (
    <div className="d-projects">
      <form
        className="d-projects__filters"
        role="search"
        aria-label="筛选项目"
        onSubmit={(e) => e.preventDefault()}
      >
        <Input.Search
          key={filter.Keyword ?? ''}
          className="d-projects__keyword"
          aria-label="搜索项目名称或主办单位"
          placeholder="搜索项目名称或主办单位"
          defaultValue={filter.Keyword}
          allowClear
          enterButton="搜索"
          maxLength={50}
          onSearch={(value) => setFilter('Keyword', value.trim())}
        />
        <Select
          className="d-projects__select"
          aria-label="项目标签"
          value={filter.LableId ? String(filter.LableId) : ''}
          loading={lables.isPending}
          onChange={(value: string) => setFilter('LableId', value)}
          options={[
            { value: '', label: '全部标签' },
            ...(lables.data ?? []).map((l) => ({ value: String(l.LableId), label: l.Name })),
          ]}
        />
        <Select
          className="d-projects__select"
          aria-label="报名状态"
          value={filter.State ?? ''}
          onChange={(value: string) => setFilter('State', value)}
          options={PROJECT_STATE_OPTIONS.map((o) => ({
            ...o,
            label: o.value ? o.label : '全部状态',
          }))}
        />
        {filter.CategoryId ? (
          <Tag closable onClose={() => setFilter('CategoryId', '')}>
            已按分类筛选
          </Tag>
        ) : null}
      </form>

      {page.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : page.isError ? (
        <Result
          status="warning"
          title="项目列表加载失败"
          subTitle="请检查网络后重试"
          extra={<Button onClick={() => void page.refetch()}>重新加载</Button>}
        />
      ) : page.data.Items.length === 0 ? (
        <Empty
          description={emptyListTitle(filter)}
          children={
            <>
              {filter.Keyword && narrowedBeyondKeyword(filter) ? (
                <Button
                  type="primary"
                  onClick={() =>
                    setParams(new URLSearchParams(keywordAlone(filter)), { flushSync: true })
                  }
                >
                  在全部项目中搜索“{filter.Keyword}”
                </Button>
              ) : null}{' '}
              <Button onClick={() => setParams(new URLSearchParams(), { flushSync: true })}>
                清除筛选条件
              </Button>
            </>
          }
        />
      ) : (
        <>
          <ul className="d-projects__grid" aria-busy={page.isPlaceholderData}>
            {page.data.Items.map((project) => (
              <li key={project.ProjectId}>
                <Link
                  className="d-projects__card-link"
                  to={paths.flowManage({ ProjectId: project.ProjectId })}
                >
                  <Card hoverable className="d-projects__card">
                    <h2 className="d-projects__title">{project.Title}</h2>
                    <p className="d-projects__meta">{project.Organizer}</p>
                    <p className="d-projects__meta">报名时间：{applyWindowText(project)}</p>
                    <div className="d-projects__tags">
                      <Tag color={PROJECT_STATE_COLOR[project.State]}>
                        {PROJECT_STATE_TEXT[project.State]}
                      </Tag>
                      <Tag>{formatFee(project.FeeInFen)}</Tag>
                      {project.HasOnlineExam ? <Tag>在线考试</Tag> : null}
                      <span className="d-projects__count">已报名 {project.ApplyCount} 人</span>
                    </div>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            className="d-projects__pages"
            align="center"
            current={pageIndex}
            pageSize={DESKTOP_PROJECT_PAGE_SIZE}
            total={page.data.Total}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 个项目`}
            onChange={(next) => {
              const nextParams = new URLSearchParams(params);
              nextParams.set('PageIndex', String(next));
              setParams(nextParams, { flushSync: true });
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}
