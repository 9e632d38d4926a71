import { useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useExamAttempt } from '../use-exam-attempt';
import { ExamIntro } from './exam-intro';
import { ExamResult } from './exam-result';
import { ExamSheet } from './exam-sheet';
import { paths } from '../../../platform';
import './exam.css';

function ExamScreen({ applyId, back }: { applyId: number; back: { to: string; label: string } }) {
  const exam = useExamAttempt(applyId);
  const { phase, summaryQuery, paperQuery } = exam;

  if (phase === 'loading') return <LoadingSkeleton rows={3} label="正在加载试卷" />;
  if (phase === 'error') {
    const failed = summaryQuery.isError ? summaryQuery : paperQuery;
    return (
      <LoadFailed
        title="试卷加载失败"
        description={failed.error?.message ?? ''}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (phase === 'submitted') return <ExamResult exam={exam} back={back} />;
  if (phase === 'intro') return <ExamIntro exam={exam} />;
  return <ExamSheet exam={exam} />;
}

/** onlineExam (?ApplyId=, and ?ProjectId= when it came from the flow): the candidate's exam. */
export default function OnlineExamPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applyId = idParam(params.get('ApplyId'));
  const projectId = idParam(params.get('ProjectId'));
  const back = projectId
    ? { to: paths.flowManage({ ProjectId: projectId }), label: '返回报名流程' }
    : { to: paths.myProject(), label: '返回我的项目' };

  if (!applyId) {
    return (
      <LoadFailed
        title="没有指定报名"
        description="请从我的项目进入考试"
        actionText="去我的项目"
        onRetry={() => void navigate(paths.myProject())}
      />
    );
  }
  return <ExamScreen applyId={applyId} back={back} />;
}
