import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import type { RouteHandle } from '../../platform';

/** A page module: its screen, and a loader where the page acts before it renders. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/** One route of a layout's table (§2); paths are relative to /views. */
export interface PageRoute {
  path: string;
  handle: RouteHandle;
  /** §2: every route is loaded lazily. */
  page: () => Promise<PageModule>;
  children?: PageRoute[];
}

/** §2: white instead of the default #F7F8FA. */
export const WHITE = '#FFFFFF';
