import { useLocation } from 'react-router';
import { sendToSignIn, useSessionStore } from '../../platform';
import { useProjectNotices } from '../notice';
import { useFollow, useProject, useProjectOpenAsk } from '../project';
import { useFlow } from './api/get-apply';
import { nextStepOf, receiptLinksOf, ticketLinkOf } from './next-action';

/**
 * flowManage without its looks: the project, the candidate's place in its flow (signed in), its
 * notices and open questions, follow, and the one next step (sign in, a page to go to, the
 * result or a wait). Signing in comes back to this very page.
 */
export function useFlowManage(projectId: number, layout: 'mobile' | 'desktop' = 'mobile') {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const project = useProject(projectId);
  const flow = useFlow(projectId, signedIn);
  const notices = useProjectNotices(projectId);
  const questions = useProjectOpenAsk(projectId);
  const follow = useFollow(projectId, here);
  const apply = flow.data?.Apply;
  return {
    signedIn,
    project,
    flow,
    notices,
    questions,
    follow,
    next: project.data ? nextStepOf(project.data, flow.data, signedIn, layout) : undefined,
    /** The printed ticket stays one tap away while it is valid. */
    ticketLink: signedIn ? ticketLinkOf(flow.data) : null,
    receiptLinks: signedIn ? receiptLinksOf(flow.data) : [],
    /** The reviewer's reason while the application is returned for changes. */
    returnedRemark: apply?.Status === 'Returned' ? (apply.ReviewRemark ?? null) : null,
    signIn: () => sendToSignIn(here),
  };
}
