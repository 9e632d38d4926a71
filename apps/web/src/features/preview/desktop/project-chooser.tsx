import { PROJECT_STATE_TEXT, type ProjectSummary } from '@portal/contracts';
import { Alert, Button, Input, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { applyWindowText } from '../../project';
import { PROJECT_CHOOSER_PAGE_SIZE, usePreviewProjectList } from '../api/preview-queries';
import { previewPath } from '../preview-steps';

/**
 * The flow preview without a ProjectId (a reviewer who signed in on their own, not from the
 * organiser's link): the tenant's projects, searchable, each opening its preview.
 */
export function ProjectChooser() {
  const [keyword, setKeyword] = useState<string>();
  const [pageIndex, setPageIndex] = useState(1);
  const list = usePreviewProjectList({ Keyword: keyword, PageIndex: pageIndex });

  return (
    <section className="flow-preview__chooser" aria-label="项目列表">
      <Input.Search
        className="flow-preview__chooser-search"
        aria-label="按项目名称搜索"
        placeholder="输入项目名称"
        allowClear
        enterButton="搜索"
        maxLength={50}
        onSearch={(value) => {
          setKeyword(value.trim() || undefined);
          setPageIndex(1);
        }}
      />
      {list.isError ? (
        <Alert
          type="warning"
          showIcon
          title={`项目列表加载失败：${list.error.message}`}
          action={<Button onClick={() => void list.refetch()}>重新加载</Button>}
        />
      ) : (
        <Table<ProjectSummary>
          rowKey="ProjectId"
          loading={list.isPending || list.isPlaceholderData}
          dataSource={list.data?.Items}
          locale={{ emptyText: keyword ? `没有名称包含「${keyword}」的项目` : '本平台还没有项目' }}
          pagination={{
            current: pageIndex,
            pageSize: PROJECT_CHOOSER_PAGE_SIZE,
            total: list.data?.Total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPageIndex,
          }}
          columns={[
            {
              title: '项目名称',
              dataIndex: 'Title',
              render: (title: string, project) => (
                <Link to={previewPath(project.ProjectId, 'notice')}>{title}</Link>
              ),
            },
            { title: '报名时间', key: 'window', render: (_, project) => applyWindowText(project) },
            {
              title: '状态',
              dataIndex: 'State',
              width: 96,
              render: (state: ProjectSummary['State']) => PROJECT_STATE_TEXT[state],
            },
          ]}
        />
      )}
    </section>
  );
}
