import { sendToSignIn, useSessionStore } from '../../platform';
import { useFollowProject } from './api/follow';

/**
 * 收藏 without its looks: follows or unfollows a project (Project/Follow; the project and my
 * favourites are read again); a visitor is sent to sign in and comes back to `returnTo`.
 */
export function useFollow(projectId: number, returnTo?: string) {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const follow = useFollowProject();
  /** Turns following on or off from the state the person sees. */
  const toggle = (following: boolean) => {
    if (!signedIn) return sendToSignIn(returnTo);
    if (follow.isPending) return;
    follow.mutate({ ProjectId: projectId, IsFollow: !following });
  };
  return { toggle, pending: follow.isPending };
}
