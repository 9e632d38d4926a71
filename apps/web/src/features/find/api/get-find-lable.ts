import { getFindLable, type FindLable } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { toTreeData, type TreeNode } from '../../../shared/tree-data';

/** FindLable as a type alias (not an interface), so it fits the helper's index-signature source. */
type FindSource = {
  LableId: number;
  Name: string;
  Icon: string;
  ProjectCount: number;
  Children?: FindSource[];
};
export type FindNode = TreeNode<FindSource>;

/** The discovery labels as a tree (§3 tree-data helper: children, selectable, leaf). */
export async function fetchFindTree(signal?: AbortSignal): Promise<FindNode[]> {
  const lables = await callEndpoint(getFindLable, {}, { signal });
  const source: FindSource[] = lables satisfies FindLable[];
  return toTreeData(source);
}

export function findTreeQueryOptions() {
  return queryOptions({
    queryKey: [getFindLable.name],
    queryFn: ({ signal }) => fetchFindTree(signal),
    staleTime: 5 * 60_000,
  });
}

export function useFindTree() {
  return useQuery(findTreeQueryOptions());
}

/** A node of the tree by its id, with its parent (null for a root). */
export function findNode(
  tree: readonly FindNode[],
  lableId: number,
  parent: FindNode | null = null,
): { node: FindNode; parent: FindNode | null } | null {
  for (const node of tree) {
    if (node.LableId === lableId) return { node, parent };
    const inner = node.children ? findNode(node.children, lableId, node) : null;
    if (inner) return inner;
  }
  return null;
}
