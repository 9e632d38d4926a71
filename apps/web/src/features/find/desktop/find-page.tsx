import './find-desktop.css';
import { Tree, type TreeDataNode } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { idParam } from '../../../shared/id';
import { PagedList } from '../../../shared/ui/desktop/paged-list';
import { QueryView } from '../../../shared/ui/desktop/query-states';
import { LableIcon } from '../../home';
import { ProjectCard, useProjectList } from '../../project';
import { findNode, type FindNode, useFindTree } from '../api/get-find-lable';
import { ChildLableLinks } from '../components/child-lable-links';

/** The §3 tree (children, selectable, leaf) as antd's tree: a label with children only opens. */
function toTreeNodes(nodes: readonly FindNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: String(node.LableId),
    title: `${node.Name}（${node.ProjectCount}）`,
    selectable: node.selectable,
    isLeaf: node.leaf,
    children: node.children ? toTreeNodes(node.children) : undefined,
  }));
}

/** No category chosen yet: each root with its children to pick from. */
function Overview({ tree }: { tree: readonly FindNode[] }) {
  return (
    <div className="find-overview">
      {tree.map((root) => (
        <section
          key={root.LableId}
          className="d-panel find-overview__group"
          aria-labelledby={`find-root-${root.LableId}`}
        >
          <div className="find-overview__head">
            <LableIcon icon={root.Icon} name={root.Name} />
            <h2 className="d-section__title" id={`find-root-${root.LableId}`}>
              {root.Name}
            </h2>
            <Link className="d-section__more" to={paths.find({ LableId: root.LableId })}>
              全部<span className="visually-hidden">{root.Name}项目</span> ›
            </Link>
          </div>
          <ul className="find-chips">
            {(root.leaf ? [root] : (root.children ?? [])).map((child) => (
              <li key={child.LableId}>
                <Link className="find-chips__link" to={paths.find({ LableId: child.LableId })}>
                  {child.Name}
                  <span className="find-chips__count">{child.ProjectCount} 个项目</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** One category: where it sits, its children to narrow down, and its projects. */
function Category({ tree, lableId }: { tree: readonly FindNode[]; lableId: number }) {
  const projects = useProjectList({ LableId: lableId });
  const found = findNode(tree, lableId);
  const name = found?.node.Name ?? '该分类';
  return (
    <section className="find-category" aria-labelledby="find-category-title">
      <div className="d-section__head">
        <h2 className="d-section__title" id="find-category-title">
          {found?.parent ? `${found.parent.Name} · ` : ''}
          {name}
        </h2>
        <Link className="d-section__more" to={paths.find()}>
          全部分类 ›
        </Link>
      </div>
      <ChildLableLinks
        node={found?.node}
        to={(id) => paths.find({ LableId: id })}
        className="find-chips find-chips--inline"
        linkClassName="find-chips__link"
      />
      <PagedList
        query={projects}
        label={`${name}的项目`}
        className="d-list d-list--grid"
        itemKey={(p) => p.ProjectId}
        renderItem={(p) => <ProjectCard project={p} />}
        emptyTitle="该分类下暂无项目"
        emptyAction={<Link to={paths.projectList()}>看看全部项目</Link>}
      />
    </section>
  );
}

/** find on a PC: the discovery labels as a tree beside the chosen category's projects (?LableId=). */
export default function FindPage() {
  const [params, setParams] = useSearchParams();
  const lableId = idParam(params.get('LableId'));
  return (
    <QueryView
      query={useFindTree()}
      label="正在加载分类"
      isEmpty={(tree) => tree.length === 0}
      emptyTitle="暂无分类"
    >
      {(tree) => (
        <div className="find-desktop">
          <nav className="d-panel find-desktop__tree" aria-labelledby="find-tree-title">
            <h2 className="find-desktop__tree-title" id="find-tree-title">
              分类
            </h2>
            <Tree
              treeData={toTreeNodes(tree)}
              defaultExpandAll
              blockNode
              selectedKeys={lableId ? [String(lableId)] : []}
              onSelect={(keys) => {
                const key = keys[0];
                if (key !== undefined) setParams({ LableId: String(key) });
              }}
            />
          </nav>
          <div className="find-desktop__main">
            {lableId ? <Category tree={tree} lableId={lableId} /> : <Overview tree={tree} />}
          </div>
        </div>
      )}
    </QueryView>
  );
}
