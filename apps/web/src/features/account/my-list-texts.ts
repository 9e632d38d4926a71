/** The personal centre's lists, as both layouts name them and say they are empty. */
export const MY_LIST_TEXT = {
  projects: { label: '我的项目', emptyTitle: '还没有报名任何项目' },
  runProjects: { label: '进行中的项目', emptyTitle: '没有进行中的项目' },
  likes: { label: '我的收藏', emptyTitle: '还没有收藏项目' },
  history: { label: '我的足迹', emptyTitle: '还没有浏览过项目' },
  orders: { label: '我的订单', emptyTitle: '暂无订单' },
} as const;
