/** Navigation for code outside React (the HTTP layer, auth); the app registers its router's navigate. */
export type Navigate = (path: string, options?: { replace?: boolean }) => void;

const fullPageNavigate: Navigate = (path, options) =>
  options?.replace ? window.location.replace(path) : window.location.assign(path);
let current: Navigate = fullPageNavigate;

export function setNavigate(navigate: Navigate | null): void {
  current = navigate ?? fullPageNavigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (options) current(path, options);
  else current(path);
}
