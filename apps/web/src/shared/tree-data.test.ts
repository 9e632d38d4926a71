import { describe, expect, it } from 'vitest';
import { toTreeData } from './tree-data';

describe('§3 tree-data helper', () => {
  const regions = [
    {
      Code: '11',
      Name: '北京市',
      Children: [{ Code: '1101', Name: '市辖区', Children: [{ Code: '110101', Name: '东城区' }] }],
    },
    { Code: '81', Name: '香港', Children: [] },
  ];

  it('reads Children arrays and sets children', () => {
    const [beijing] = toTreeData(regions);
    expect(beijing?.children?.[0]?.Name).toBe('市辖区');
    expect(beijing?.children?.[0]?.children?.[0]?.Name).toBe('东城区');
  });

  it('a node with no Children is selectable and a leaf', () => {
    const tree = toTreeData(regions);
    const dongcheng = tree[0]?.children?.[0]?.children?.[0];
    expect(dongcheng).toMatchObject({ selectable: true, leaf: true });
    expect(dongcheng?.children).toBeUndefined();
    expect(tree[1]).toMatchObject({ selectable: true, leaf: true });
  });

  it('a node with Children is neither selectable nor a leaf', () => {
    expect(toTreeData(regions)[0]).toMatchObject({ selectable: false, leaf: false });
  });

  it('keeps the source fields and leaves the input untouched', () => {
    const tree = toTreeData(regions);
    expect(tree[0]).toMatchObject({ Code: '11', Name: '北京市' });
    expect(regions[0]).not.toHaveProperty('children');
  });
});
