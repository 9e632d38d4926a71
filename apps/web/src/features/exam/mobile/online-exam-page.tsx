import { useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useExamAttempt, usePracticeRounds } from '../use-exam-attempt';
import { ExamIntro, PracticeEntry } from './exam-intro';
import { ExamResult } from './exam-result';
import { ExamSheet } from './exam-sheet';
import { PracticeIntro } from './practice-intro';
import { PracticeResult } from './practice-result';
import { paths } from '../../../platform';
import { BEFORE_START_PREFIX } from '../practice-text';
import './exam.css';

type Back = { to: string; label: string };

function ExamScreen({
  applyId,
  back,
  practice,
  practiceTo,
  onAgain,
}: {
  applyId: number;
  back: Back;
  practice: boolean;
  practiceTo: string;
  onAgain: () => void;
}) {
  const exam = useExamAttempt(applyId, { practice });
  const { phase, summaryQuery, paperQuery } = exam;

  if (phase === 'loading') return <LoadingSkeleton rows={3} label="正在加载试卷" />;
  if (phase === 'error') {
    const failed = summaryQuery.isError ? summaryQuery : paperQuery;
    const message = failed.error?.message ?? '';
    return (
      <>
        <LoadFailed
          title={practice ? '练习卷加载失败' : '试卷加载失败'}
          description={message}
          onRetry={() => void failed.refetch()}
        />
        {/* Before the exam's start time the practice is open: that is its point. */}
        {!practice && message.startsWith(BEFORE_START_PREFIX) ? (
          <PracticeEntry to={practiceTo} />
        ) : null}
      </>
    );
  }
  if (phase === 'submitted')
    return practice ? (
      <PracticeResult exam={exam} back={back} onAgain={onAgain} />
    ) : (
      <ExamResult exam={exam} back={back} />
    );
  if (phase === 'intro')
    return practice ? (
      <PracticeIntro exam={exam} />
    ) : (
      <ExamIntro exam={exam} practiceTo={practiceTo} />
    );
  return <ExamSheet exam={exam} />;
}

/**
 * onlineExam (?ApplyId=, and ?ProjectId= when it came from the flow): the candidate's exam; with
 * ?Practice=1 a practice attempt on the sample paper, which scores nothing (issue 30, point 19).
 */
export default function OnlineExamPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { round, again } = usePracticeRounds();
  const applyId = idParam(params.get('ApplyId'));
  const projectId = idParam(params.get('ProjectId'));
  const practice = params.get('Practice') === '1';
  const examPage = paths.onlineExam({ ProjectId: projectId, ApplyId: applyId });
  const back = practice
    ? { to: examPage, label: '返回考试' }
    : projectId
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
  return (
    <ExamScreen
      key={`${practice ? 'practice' : 'exam'}-${round}`}
      applyId={applyId}
      back={back}
      practice={practice}
      practiceTo={paths.onlineExam({ ProjectId: projectId, ApplyId: applyId, Practice: 1 })}
      onAgain={again}
    />
  );
}
