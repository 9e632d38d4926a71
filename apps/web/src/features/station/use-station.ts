import { examCandidates, type ExamSummary } from '@portal/contracts';
import { useQueries } from '@tanstack/react-query';
import { useUnreadCount } from '../notice';
import {
  stationExamQueryOptions,
  useStationApplies,
  useStationOrders,
} from './api/station-queries';
import { stationTasks } from './station-tasks';

/**
 * The workbench without its looks: composed on the client from calls that exist (the person's
 * applications and orders, each paid application's exam, the unread count) — no call of its own.
 */
export function useStation() {
  const applies = useStationApplies();
  const orders = useStationOrders();
  const unread = useUnreadCount();
  const withExam = examCandidates(applies.data?.Items ?? []);
  const exams = useQueries({
    queries: withExam.map((a) => stationExamQueryOptions(a.ApplyId)),
  });
  // The list shows once the applications and orders are known; an exam joins it when its state
  // arrives (drawn with the page when the server could ask it, else asked by the browser).
  const loading = applies.isPending || orders.isPending;
  const failed = applies.isError || orders.isError;
  const tasks =
    applies.data && orders.data
      ? stationTasks({
          applies: applies.data.Items,
          orders: orders.data.Items,
          // An exam that cannot be read (not yet arranged) is simply not listed.
          exams: exams.map((e) => e.data).filter((e): e is ExamSummary => Boolean(e)),
          unread,
        })
      : [];
  return {
    tasks,
    loading,
    failed,
    retry: () => {
      void applies.refetch();
      void orders.refetch();
    },
  };
}
