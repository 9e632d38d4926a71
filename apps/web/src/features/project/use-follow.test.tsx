import { follow } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_BACK_NEXT_PATH, paths } from '../../platform';
import { fakeServer } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useFollow } from './use-follow';

setUpScreenTests();

describe('useFollow: 收藏 whatever view shows it', () => {
  it('a visitor is sent to sign in and comes back to the project', () => {
    const server = fakeServer().on(follow, { ProjectId: 3, IsFollow: true });
    const back = paths.flowManage({ ProjectId: 3 });
    const { result } = renderFeatureHook(() => useFollow(3, back));
    act(() => result.current.toggle(false));
    expect(localStorage.getItem(LOGIN_BACK_NEXT_PATH)).toBe(back);
    expect(server.calls(follow)).toHaveLength(0);
  });

  it('turns following on from off, and off from on, once at a time', async () => {
    signIn();
    let release: () => void = () => undefined;
    const server = fakeServer().on(
      follow,
      ({ IsFollow }) =>
        new Promise((resolve) => {
          release = () => resolve({ ProjectId: 3, IsFollow });
        }),
    );
    const { result } = renderFeatureHook(() => useFollow(3));
    act(() => result.current.toggle(false));
    await waitFor(() => expect(result.current.pending).toBe(true));
    act(() => result.current.toggle(false));
    release();
    await waitFor(() => expect(result.current.pending).toBe(false));
    act(() => result.current.toggle(true));
    await waitFor(() => expect(server.calls(follow)).toHaveLength(2));
    release();
    expect(server.calls(follow).map((c) => c.input)).toEqual([
      { ProjectId: 3, IsFollow: true },
      { ProjectId: 3, IsFollow: false },
    ]);
  });
});
