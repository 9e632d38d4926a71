import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useExamine } from '../api/get-examine';
import { useExamDraft } from '../exam-draft';
import { ExamIntro } from './exam-intro';
import { ExamResult } from './exam-result';
import { ExamSheet } from './exam-sheet';
import { paths } from '../../../platform';
import './exam.css';

function ExamScreen({ applyId, back }: { applyId: number; back: { to: string; label: string } }) {
  const query = useExamine(applyId);
  const { draft, start, choose, clear } = useExamDraft(applyId);
  const submitted = query.data?.Submitted === true;

  // Submitted (here or on another device): nothing is left to keep on this phone.
  useEffect(() => {
    if (submitted) clear();
  }, [submitted, clear]);

  if (query.isPending) return <LoadingSkeleton rows={3} label="正在加载试卷" />;
  if (query.isError) {
    return (
      <LoadFailed
        title="试卷加载失败"
        description={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const paper = query.data;
  if (paper.Submitted) return <ExamResult paper={paper} back={back} />;
  if (!draft) {
    const ended = paper.EndTime !== null && new Date(paper.EndTime).getTime() <= Date.now();
    return <ExamIntro paper={paper} ended={ended} onStart={start} />;
  }
  return (
    <ExamSheet
      paper={paper}
      draft={draft}
      onChoose={choose}
      onSubmitted={clear}
      refetchPaper={() => query.refetch()}
    />
  );
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
