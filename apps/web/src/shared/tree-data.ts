export interface TreeSource {
  Children?: TreeSource[] | null;
  [key: string]: unknown;
}

export type TreeNode<T extends TreeSource> = Omit<T, 'Children'> & {
  Children?: T['Children'];
  children?: TreeNode<T>[];
  selectable: boolean;
  leaf: boolean;
};

/** §3: reads `Children`, sets `children`, `selectable` and `leaf`; a node with no Children is a selectable leaf. */
export function toTreeData<T extends TreeSource>(nodes: readonly T[]): TreeNode<T>[] {
  return nodes.map((node) => {
    const kids = node.Children;
    if (!kids || kids.length === 0) return { ...node, selectable: true, leaf: true };
    return {
      ...node,
      children: toTreeData(kids as T[]),
      selectable: false,
      leaf: false,
    };
  });
}
