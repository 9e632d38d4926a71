/** §2: every route sits under /views; paths both web and server need to agree on. */
export const ROUTE_BASE = '/views';
export const ROUTES = {
  home: '/views/home',
  projectList: '/views/home/project',
  authLogin: '/views/auth/login',
  authLoginout: '/views/auth/loginout',
  authCallback: '/views/auth/callback',
  authStation: '/views/auth/station',
  authNoPower: '/views/auth/nopower',
  authFrequently: '/views/auth/frequently',
  flowPreview: '/views/flowPreview',
  flowPreviewLogin: '/views/flowPreview/login',
} as const;
/** Unknown paths land here. */
export const FALLBACK_ROUTE = ROUTES.projectList;
