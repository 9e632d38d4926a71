import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { currentPlatformCode, paths, PLATFORM_CODES } from '../../../platform';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { TicketView } from '../components/ticket-view';
import { useTicketPrint } from '../use-ticket-print';
import './print.css';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

/** print: the admission ticket (GeneratePrint) and its PDF (DownloadPrint) as a file. */
export default function PrintPage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const { ticket, startDownload, downloading, downloaded } = useTicketPrint(applyId ?? 0);
  // WeChat's own browser may not save files; the candidate is told how to get it anyway.
  const platform = currentPlatformCode();
  const inWeChat = platform === PLATFORM_CODES.weChat || platform === PLATFORM_CODES.miniProgram;

  if (!applyId) {
    return (
      <LoadFailed
        title="没有指定报名"
        description="请从我的项目进入打印准考证"
        actionText="去我的项目"
        onRetry={() => void navigate(paths.myProject())}
      />
    );
  }
  if (ticket.isPending) return <LoadingSkeleton rows={3} label="正在生成准考证" />;
  if (ticket.isError) {
    return (
      <LoadFailed
        title="准考证暂不可打印"
        description={ticket.error.message}
        onRetry={() => void ticket.refetch()}
      />
    );
  }

  return (
    <div className="print-page">
      <section className="m-section print-page__ticket" aria-labelledby="ticket-title">
        <h2 className="m-section__title" id="ticket-title">
          准考证预览
        </h2>
        <TicketView html={ticket.data.Html} label="准考证" />
      </section>
      <p className="print-page__hint" role="note">
        {inWeChat
          ? '微信内如无法保存文件，请点击右上角「…」选择「在浏览器打开」后再下载。'
          : ticket.data.HasOnlineExam
            ? '下载PDF后可打印或保存到手机；在线考试凭账号登录作答，无需携带。'
            : '下载PDF后可打印或保存到手机，考试当天请携带打印的准考证。'}
      </p>
      {downloaded ? (
        <p className="print-page__done" role="status">
          准考证已下载，请在手机的「下载」或「文件」中查看。
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button
          color="primary"
          disabled={downloading}
          loading={downloading}
          loadingText={BUSY_TEXT}
          onClick={startDownload}
        >
          下载准考证(PDF)
        </Button>
      </div>
    </div>
  );
}
