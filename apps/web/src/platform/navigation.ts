/** Navigation for code outside React (the HTTP layer, auth); the app registers its router's navigate. */
export type Navigate = (path: string, options?: { replace?: boolean }) => void;

const fullPageNavigate: Navigate = (path, options) =>
  options?.replace ? window.location.replace(path) : window.location.assign(path);
let current: Navigate = fullPageNavigate;
let leaving = false;

/**
 * Leaves the app for another document (the provider's sign-in or sign-out, a cashier). Until that
 * document replaces this one, nothing here navigates: a call answering 401 meanwhile would send the
 * page to sign in, and that navigation would win over the one under way.
 */
export function leaveTo(url: string): void {
  leaving = true;
  window.location.assign(url);
}

if (typeof window !== 'undefined') {
  // Back from the page it left for, restored from the back-forward cache: this page is live again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

export function setNavigate(navigate: Navigate | null): void {
  current = navigate ?? fullPageNavigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (leaving) return;
  if (options) current(path, options);
  else current(path);
}
