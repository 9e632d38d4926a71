import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_STATUS_COOKIE } from './storage-keys';
import { paths } from './paths';

async function freshStore() {
  vi.resetModules();
  return import('./layout-store');
}

describe('§3 layout state', () => {
  beforeEach(() => Cookies.remove(SIDEBAR_STATUS_COOKIE));

  it("sidebar flag persists in cookie sidebarStatus as '1' or '0'", async () => {
    const { useLayoutStore } = await freshStore();
    expect(useLayoutStore.getState().sidebarOpened).toBe(true);
    useLayoutStore.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(useLayoutStore.getState().sidebarOpened).toBe(false);
    useLayoutStore.getState().setSidebarOpened(true);
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('sidebar flag is read back from the cookie', async () => {
    Cookies.set(SIDEBAR_STATUS_COOKIE, '0');
    const { useLayoutStore } = await freshStore();
    expect(useLayoutStore.getState().sidebarOpened).toBe(false);
  });

  it('device type defaults to desktop', async () => {
    const { useLayoutStore } = await freshStore();
    expect(useLayoutStore.getState().device).toBe('desktop');
    useLayoutStore.getState().setDevice('mobile');
    expect(useLayoutStore.getState().device).toBe('mobile');
  });

  it('keeps visited and cached views, each once', async () => {
    const { useLayoutStore } = await freshStore();
    const { addView, removeView } = useLayoutStore.getState();
    addView({ path: paths.find(), title: '发现' });
    addView({ path: paths.find(), title: '发现' });
    addView({ path: paths.notice(), title: '消息' });
    expect(useLayoutStore.getState().visitedViews.map((v) => v.path)).toEqual([
      paths.find(),
      paths.notice(),
    ]);
    expect(useLayoutStore.getState().cachedViews).toEqual([paths.find(), paths.notice()]);
    removeView(paths.find());
    expect(useLayoutStore.getState().cachedViews).toEqual([paths.notice()]);
  });

  it('§2 refreshShareLink records the current address', async () => {
    const { useLayoutStore, refreshShareLink } = await freshStore();
    refreshShareLink('https://www.example.com/views/find');
    expect(useLayoutStore.getState().shareLink).toBe('https://www.example.com/views/find');
  });
});
