import './find.css';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { LoadFailed } from '../../../shared/ui/mobile/query-states';
import { ProjectCard, useProjectList } from '../../project';
import { findNode, useFindTree } from '../api/get-find-lable';
import { ChildLableLinks } from '../components/child-lable-links';
import { paths } from '../../../platform';

/** find/category?LableId=: the label's children to narrow down, and its projects. */
export default function FindCategoryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lableId = idParam(params.get('LableId'));
  const tree = useFindTree();
  const projects = useProjectList({ LableId: lableId });
  const found = lableId && tree.data ? findNode(tree.data, lableId) : null;

  if (!lableId) {
    return (
      <LoadFailed
        title="没有指定分类"
        description="请从发现页选择分类"
        actionText="去发现"
        onRetry={() => void navigate(paths.find())}
      />
    );
  }
  return (
    <div className="find-category">
      {found ? (
        <div className="find-category__head">
          <h2 className="find-category__title">{found.node.Name}</h2>
          {found.parent ? (
            <p className="find-category__crumb">
              <Link to={paths.findCategory({ LableId: found.parent.LableId })}>
                {found.parent.Name}
              </Link>{' '}
              › {found.node.Name}
            </p>
          ) : null}
        </div>
      ) : null}
      <ChildLableLinks
        node={found?.node}
        to={(id) => paths.findCategory({ LableId: id })}
        className="find-category__children"
        linkClassName="find-category__child"
      />
      <PagedList
        query={projects}
        label={found ? `${found.node.Name}的项目` : '项目列表'}
        itemKey={(p) => p.ProjectId}
        renderItem={(p) => <ProjectCard project={p} />}
        emptyTitle="该分类下暂无项目"
        emptyAction={
          <Link className="find-category__child" to={paths.projectList()}>
            看看全部项目
          </Link>
        }
      />
    </div>
  );
}
