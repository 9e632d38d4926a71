import {
  getApply,
  getAttemptPaper,
  getExamine,
  getPractice,
  getPracticePaper,
  getPersonalCenterNumber,
  getUserProject,
  getUserRunProject,
  type ExamAttempt,
  type ExamSummary,
  type LeaveEvent,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../platform';
import { postReportLeave } from './api/report-leave';
import { postSaveAnswers } from './api/save-answers';
import { postStartAttempt } from './api/start-attempt';
import { postSubmitAnswer } from './api/submit-answer';
import { useAttemptPaper } from './api/get-attempt-paper';
import { examineQueryOptions, useExamine } from './api/get-examine';
import {
  answersOf,
  clearAnswerDraft,
  readAnswerDraft,
  resumeDraft,
  writeAnswerDraft,
  type AnswerDraft,
} from './answer-draft';
import { createServerClock, secondsLeft } from './server-clock';
import { useNow } from './use-now';

export type SaveState = 'saved' | 'saving' | 'offline' | 'failed';

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: '已保存',
  saving: '保存中',
  offline: '网络已断开，答案已保存在本机，恢复后自动同步',
  failed: '保存未成功，稍后自动重试',
};

/** Answers go to the server this long after the last change (a burst of taps is one save). */
export const SAVE_DEBOUNCE_MS = 1500;
/** A failed save is tried again after this long, and at once when the browser is back online. */
export const SAVE_RETRY_MS = 4000;

export type ExamPhase = 'loading' | 'error' | 'intro' | 'answering' | 'submitted';

const isNetworkFailure = (error: unknown) =>
  error instanceof HttpError && (error.code === 'network' || error.code === 'timeout');

const messageOf = (error: unknown) =>
  isNetworkFailure(error)
    ? '网络连接失败'
    : error instanceof Error
      ? error.message.replace(/[。.，,]$/, '')
      : String(error);

/**
 * One candidate's exam attempt, for any layout: the server keeps the clock and the answers; this
 * hook shows its countdown on the server's time, saves every change (debounced, with a revision),
 * keeps unsent answers in personal storage while offline and sends them when the connection
 * returns, reports leaving the page and coming back (the server judges the absence), and submits
 * once — by the candidate or when the time is up.
 *
 * With `practice` (issue 30, point 19) the same engine runs a practice attempt on the sample
 * paper: its own calls and its own draft, no leave reports, and nothing of the real exam is
 * touched or refreshed.
 */
export function useExamAttempt(applyId: number, { practice = false } = {}) {
  const queryClient = useQueryClient();
  const summaryQuery = useExamine(applyId, practice);
  const summary = summaryQuery.data;
  const paperQuery = useAttemptPaper(applyId, Boolean(summary?.Attempt), practice);
  const clock = useMemo(() => createServerClock(), []);

  const [attempt, setAttempt] = useState<ExamAttempt>();
  const [draft, setDraft] = useState<AnswerDraft>();
  const draftRef = useRef<AnswerDraft>(undefined);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submittingRef = useRef(false);
  const finishedRef = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const saveInFlight = useRef(false);
  const saveAgain = useRef(false);

  const current = attempt ?? paperQuery.data?.Attempt ?? summary?.Attempt ?? undefined;
  const submitted = summary?.Submitted === true || Boolean(current?.SubmittedAt);

  /** Reads the server's time from a write's answer: exact send and receive times. */
  const timed = useCallback(
    async <T>(call: () => Promise<T>, serverTimeOf: (result: T) => string): Promise<T> => {
      const sentAt = Date.now();
      const result = await call();
      clock.measure(serverTimeOf(result), sentAt, Date.now());
      return result;
    },
    [clock],
  );

  const finish = useCallback(() => {
    if (finishedRef.current) return;
    finishedRef.current = true;
    clearTimeout(saveTimer.current);
    clearAnswerDraft(applyId, practice);
    const changed = practice
      ? [getPractice]
      : [
          getExamine,
          getAttemptPaper,
          getApply,
          getUserProject,
          getUserRunProject,
          getPersonalCenterNumber,
        ];
    for (const endpoint of changed)
      void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
  }, [applyId, practice, queryClient]);

  const onAttempt = useCallback(
    (next: ExamAttempt) => {
      setAttempt(next);
      if (next.SubmittedAt) finish();
    },
    [finish],
  );

  const commit = useCallback(
    (next: AnswerDraft) => {
      draftRef.current = next;
      writeAnswerDraft(applyId, next, practice);
      setDraft(next);
    },
    [applyId, practice],
  );

  const flush = useCallback(async () => {
    clearTimeout(saveTimer.current);
    if (saveInFlight.current) {
      saveAgain.current = true;
      return;
    }
    const sending = draftRef.current;
    if (!sending || sending.revision <= sending.synced || finishedRef.current) return;
    saveInFlight.current = true;
    setSaveState((state) => (state === 'offline' ? state : 'saving'));
    try {
      const stored = await timed(
        () =>
          postSaveAnswers(
            {
              ApplyId: applyId,
              Revision: sending.revision,
              Answers: answersOf(sending.choices),
              Flagged: sending.flagged,
            },
            practice,
          ),
        (a) => a.ServerTime,
      );
      onAttempt(stored);
      const latest = draftRef.current ?? sending;
      if (stored.Revision > latest.revision) {
        // Another device went further: its answers are the candidate's latest.
        commit(resumeDraft(undefined, stored));
      } else if (stored.Revision >= sending.revision) {
        commit({ ...latest, synced: Math.max(latest.synced, sending.revision) });
      }
      const after = draftRef.current!;
      setSaveState(after.revision > after.synced ? 'saving' : 'saved');
      if (after.revision > after.synced) saveAgain.current = true;
    } catch (error) {
      setSaveState(isNetworkFailure(error) ? 'offline' : 'failed');
      saveTimer.current = setTimeout(() => void flush(), SAVE_RETRY_MS);
    } finally {
      saveInFlight.current = false;
      if (saveAgain.current) {
        saveAgain.current = false;
        void flush();
      }
    }
  }, [applyId, commit, onAttempt, practice, timed]);

  const change = useCallback(
    (update: (draft: AnswerDraft) => Partial<AnswerDraft>) => {
      const before = draftRef.current;
      if (!before || finishedRef.current || submittingRef.current) return;
      commit({ ...before, ...update(before), revision: before.revision + 1 });
      setSaveState((state) => (state === 'offline' ? state : 'saving'));
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void flush(), SAVE_DEBOUNCE_MS);
    },
    [commit, flush],
  );

  const choose = useCallback(
    (questionId: number, choices: string[]) =>
      change((d) => ({ choices: { ...d.choices, [questionId]: choices } })),
    [change],
  );

  const toggleFlag = useCallback(
    (questionId: number) =>
      change((d) => ({
        flagged: d.flagged.includes(questionId)
          ? d.flagged.filter((id) => id !== questionId)
          : [...d.flagged, questionId],
      })),
    [change],
  );

  const start = useCallback(async () => {
    if (starting) return;
    setStarting(true);
    setStartError(null);
    try {
      const started = await timed(
        () => postStartAttempt(applyId, practice),
        (a) => a.ServerTime,
      );
      onAttempt(started);
      queryClient.setQueryData(
        examineQueryOptions(applyId, practice).queryKey,
        (s?: ExamSummary) => (s ? { ...s, Attempt: started } : s),
      );
    } catch (error) {
      setStartError(messageOf(error));
    } finally {
      setStarting(false);
    }
  }, [applyId, onAttempt, practice, queryClient, starting, timed]);

  const submit = useCallback(async () => {
    if (submittingRef.current || finishedRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);
    clearTimeout(saveTimer.current);
    const last = draftRef.current;
    try {
      const result = await timed(
        () =>
          postSubmitAnswer(
            {
              ApplyId: applyId,
              ...(last && last.revision > last.synced
                ? {
                    Revision: last.revision,
                    Answers: answersOf(last.choices),
                    Flagged: last.flagged,
                  }
                : {}),
            },
            practice,
          ),
        (r) => r.Attempt.ServerTime,
      );
      onAttempt(result.Attempt);
    } catch (error) {
      setSubmitError(messageOf(error));
      submittingRef.current = false;
    } finally {
      setSubmitting(false);
    }
  }, [applyId, onAttempt, practice, timed]);

  // A rough reading of the server's clock until a write gives an exact one.
  useEffect(() => {
    if (summary) clock.guess(summary.ServerTime, summaryQuery.dataUpdatedAt);
  }, [clock, summary, summaryQuery.dataUpdatedAt]);

  // Resuming: this browser's unsent answers when newer, else the server's; unsent ones go now.
  const paperAttempt = paperQuery.data?.Attempt;
  useEffect(() => {
    if (!paperAttempt || draftRef.current || paperAttempt.SubmittedAt) return;
    const resumed = resumeDraft(readAnswerDraft(applyId, practice), paperAttempt);
    commit(resumed);
    if (resumed.revision > resumed.synced) void flush();
  }, [applyId, commit, flush, paperAttempt, practice]);

  // An open attempt is resumed once with a timed call: the exact clock offset and its state.
  const resumable = Boolean(summary?.Attempt) && !submitted;
  useEffect(() => {
    if (!resumable) return;
    timed(
      () => postStartAttempt(applyId, practice),
      (a) => a.ServerTime,
    ).then(onAttempt, () => undefined);
  }, [applyId, onAttempt, practice, resumable, timed]);

  const answering = resumable && Boolean(draft);

  // Back online: send what waited.
  useEffect(() => {
    if (!answering) return;
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [answering, flush]);

  // Leaving the page (hidden, unfocused, closed, or left for another page of the portal) and
  // coming back are reported, and the server judges the absence by its own clock. A page opened or reloaded in view reports Back: an absence its
  // closing left open (a reload) ends now, a second or two long, and is not counted.
  // A practice attempt has no leave rule: nothing is reported.
  useEffect(() => {
    if (!answering || practice) return;
    let away = document.visibilityState === 'hidden';
    const report = (event: LeaveEvent) =>
      void postReportLeave(applyId, event).then(onAttempt, () => undefined);
    const leave = () => {
      if (away) return;
      away = true;
      report('Hidden');
    };
    const back = () => {
      if (!away || document.visibilityState === 'hidden') return;
      away = false;
      report('Back');
    };
    const visibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    report(away ? 'Hidden' : 'Back');
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', leave);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
      // Another page of the portal opened in its place: the exam is out of view too (after a
      // submission the server ignores it).
      leave();
    };
  }, [answering, applyId, onAttempt, practice]);

  // The last absence the server judged, until the candidate has read what it said of it.
  const leaves = current?.Leaves;
  const [readLeaves, setReadLeaves] = useState(0);
  const newLeave = leaves && leaves.length > readLeaves ? leaves.at(-1) : undefined;
  const dismissLeave = useCallback(() => setReadLeaves(leaves?.length ?? 0), [leaves]);

  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const deviceNow = useNow(1000);
  const left = current ? secondsLeft(current, deviceNow + clock.offsetMs) : null;
  const timeUp = answering && left === 0;

  // Time up: the answers go once (the server would also submit the saved ones by itself).
  useEffect(() => {
    if (timeUp) void submit();
  }, [timeUp, submit]);

  let phase: ExamPhase;
  if (summaryQuery.isPending) phase = 'loading';
  else if (summaryQuery.isError) phase = 'error';
  else if (submitted) phase = 'submitted';
  else if (!summary?.Attempt) phase = 'intro';
  else if (paperQuery.isError) phase = 'error';
  else phase = answering ? 'answering' : 'loading';

  return {
    practice,
    phase,
    summaryQuery,
    paperQuery,
    summary,
    paper: paperQuery.data,
    attempt: current,
    draft,
    choose,
    toggleFlag,
    saveState,
    newLeave,
    dismissLeave,
    secondsLeft: left,
    timeUp,
    start,
    starting,
    startError,
    submit,
    submitting,
    submitError,
  };
}

export type ExamAttemptState = ReturnType<typeof useExamAttempt>;

/**
 * 再练一次: the screen's key and the way to a fresh practice screen, which reads the practice
 * anew (its intro and device check) with nothing of the ended attempt or its paper kept.
 */
export function usePracticeRounds() {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const again = useCallback(() => {
    for (const endpoint of [getPractice, getPracticePaper])
      queryClient.removeQueries({ queryKey: [endpoint.name] });
    setRound((r) => r + 1);
  }, [queryClient]);
  return { round, again };
}
