import { Link } from 'react-router';
import type { FindNode } from '../api/get-find-lable';

/** A category's children to narrow down, each with its number of projects; nothing for a leaf. */
export function ChildLableLinks({
  node,
  to,
  className,
  linkClassName,
}: {
  node: FindNode | undefined;
  to: (lableId: number) => string;
  className: string;
  linkClassName: string;
}) {
  if (!node?.children?.length) return null;
  return (
    <ul className={className} aria-label="细分类">
      {node.children.map((child) => (
        <li key={child.LableId}>
          <Link className={linkClassName} to={to(child.LableId)}>
            {child.Name}（{child.ProjectCount}）
          </Link>
        </li>
      ))}
    </ul>
  );
}
