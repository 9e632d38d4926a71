import './home-desktop.css';
import { Button, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
import { useCommonSolutionList } from '../api/get-common-solution-list';
import { SolutionArticle } from './solution-article';

/** commonTabPanel: the platform's solutions as tabs, the chosen one (?SolutionId=) in full. */
export default function CommonTabPanelPage() {
  const [params, setParams] = useSearchParams();
  const list = useCommonSolutionList();
  if (list.isPending) return <LoadingBlock rows={8} label="正在加载解决方案" />;
  if (list.isError && !list.data) return <LoadFailed onRetry={() => void list.refetch()} />;
  const solutions = list.data?.pages.flatMap((page) => page.Items) ?? [];
  if (solutions.length === 0) return <EmptyBlock title="暂无解决方案" />;
  const asked = idParam(params.get('SolutionId'));
  const active = solutions.find((s) => s.SolutionId === asked) ?? solutions[0]!;
  return (
    <div className="d-panel solution-tabs">
      <Tabs
        tabPosition="left"
        activeKey={String(active.SolutionId)}
        onChange={(key) => setParams({ SolutionId: key }, { replace: true })}
        tabBarExtraContent={
          list.hasNextPage
            ? {
                left: null,
                right: (
                  <Button
                    type="link"
                    loading={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    更多方案
                  </Button>
                ),
              }
            : undefined
        }
        items={solutions.map((s) => ({
          key: String(s.SolutionId),
          label: <span className="solution-tabs__label">{s.Title}</span>,
          children: <SolutionArticle solutionId={s.SolutionId} />,
        }))}
      />
    </div>
  );
}
