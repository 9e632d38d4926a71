import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveTo, navigateTo, setNavigate } from './navigation';
import { paths } from './paths';

afterEach(() => {
  setNavigate(null);
  vi.restoreAllMocks();
});

describe('leaving the app for another document', () => {
  it('holds every in-app navigation until the page is shown again from the back-forward cache', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const navigate = vi.fn();
    setNavigate(navigate);

    navigateTo(paths.my());
    expect(navigate).toHaveBeenCalledTimes(1);

    leaveTo('https://id.example.com/identity/Auth/OutLogin');
    expect(assign).toHaveBeenCalledWith('https://id.example.com/identity/Auth/OutLogin');
    // A late 401 would send the page to sign in, overriding the sign-out under way.
    navigateTo(paths.authLogin());
    expect(navigate).toHaveBeenCalledTimes(1);

    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    navigateTo(paths.my());
    expect(navigate).toHaveBeenLastCalledWith(paths.my());
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
