import './find.css';
import { PullToRefresh } from 'antd-mobile';
import { Link } from 'react-router';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { LableIcon } from '../../home';
import { type FindNode, useFindTree } from '../api/get-find-lable';
import { paths } from '../../../platform';

function NodeLink({ node }: { node: FindNode }) {
  return (
    <Link className="find-group__link" to={paths.findCategory({ LableId: node.LableId })}>
      <span>{node.Name}</span>
      <span className="find-group__count">{node.ProjectCount} 个项目</span>
    </Link>
  );
}

/** A root label: its children to pick from; a root without children is itself a choice. */
function Group({ node }: { node: FindNode }) {
  const titleId = `find-group-${node.LableId}`;
  return (
    <section className="m-section" aria-labelledby={titleId}>
      <div className="find-group__head">
        <LableIcon icon={node.Icon} name={node.Name} />
        <h2 className="m-section__title" id={titleId}>
          {node.Name}
        </h2>
        <Link className="find-group__all" to={paths.findCategory({ LableId: node.LableId })}>
          全部<span className="visually-hidden">{node.Name}</span> ›
        </Link>
      </div>
      <ul className="find-group__grid">
        {(node.leaf ? [node] : (node.children ?? [])).map((child) => (
          <li key={child.LableId}>
            <NodeLink node={child} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** find: the discovery labels, grouped by their roots. */
export default function FindPage() {
  const tree = useFindTree();
  let body;
  if (tree.isPending) body = <LoadingSkeleton rows={3} label="正在加载分类" />;
  else if (tree.isError) body = <LoadFailed onRetry={() => void tree.refetch()} />;
  else if (tree.data.length === 0) body = <EmptyState title="暂无分类" />;
  else body = tree.data.map((node) => <Group key={node.LableId} node={node} />);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await tree.refetch();
      }}
    >
      <div className="find-page">{body}</div>
    </PullToRefresh>
  );
}
