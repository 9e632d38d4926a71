import Cookies from 'js-cookie';
import { create } from 'zustand';
import type { DeviceType } from './device';
import type { RouteShare } from './route-handle';
import { SIDEBAR_STATUS_COOKIE } from './storage-keys';
import { configureWeChatShare } from './wechat/wechat-share';

export interface VisitedView {
  path: string;
  title: string;
}

interface LayoutState {
  sidebarOpened: boolean;
  /** §3: desktop until the entry decides otherwise. */
  device: DeviceType;
  visitedViews: VisitedView[];
  cachedViews: string[];
  /** The address a share points to, refreshed after each navigation (§2). */
  shareLink: string;
  toggleSidebar: () => void;
  setSidebarOpened: (opened: boolean) => void;
  setDevice: (device: DeviceType) => void;
  addView: (view: VisitedView) => void;
  removeView: (path: string) => void;
  setShareLink: (url: string) => void;
}

/** §3: the sidebar flag persists in cookie sidebarStatus as '1' (open) or '0' (closed); open when unset. */
function readSidebarOpened(): boolean {
  const saved = Cookies.get(SIDEBAR_STATUS_COOKIE);
  return saved === undefined ? true : saved === '1';
}

function saveSidebarOpened(opened: boolean): boolean {
  Cookies.set(SIDEBAR_STATUS_COOKIE, opened ? '1' : '0');
  return opened;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  sidebarOpened: readSidebarOpened(),
  device: 'desktop',
  visitedViews: [],
  cachedViews: [],
  shareLink: '',
  toggleSidebar: () => set((s) => ({ sidebarOpened: saveSidebarOpened(!s.sidebarOpened) })),
  setSidebarOpened: (opened) => set({ sidebarOpened: saveSidebarOpened(opened) }),
  setDevice: (device) => set({ device }),
  addView: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.some((v) => v.path === view.path)
        ? s.visitedViews
        : [...s.visitedViews, view],
      cachedViews: s.cachedViews.includes(view.path)
        ? s.cachedViews
        : [...s.cachedViews, view.path],
    })),
  removeView: (path) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.path !== path),
      cachedViews: s.cachedViews.filter((p) => p !== path),
    })),
  setShareLink: (shareLink) => set({ shareLink }),
}));

/** §2: records the current address as the share link and, inside WeChat, sets the share (§7 §9). */
export function refreshShareLink(url: string, share?: RouteShare): void {
  useLayoutStore.getState().setShareLink(url);
  void configureWeChatShare(url, share);
}
