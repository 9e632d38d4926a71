import '../../../shared/ui/desktop/page.css';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { idParam } from '../../../shared/id';
import { TicketView } from '../components/ticket-view';
import { useTicketPrint } from '../use-ticket-print';

/** print on a PC: the admission ticket shown, and downloaded as a PDF to print. */
export default function PrintPage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const { ticket, startDownload, downloading, downloaded } = useTicketPrint(applyId ?? 0);

  if (!applyId)
    return (
      <Result
        status="warning"
        title="没有指定报名"
        extra={<Button onClick={() => void navigate(paths.projectList())}>去项目列表</Button>}
      />
    );
  if (ticket.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (ticket.isError)
    return (
      <Result
        status="warning"
        title="准考证暂不可打印"
        subTitle={ticket.error.message}
        extra={<Button onClick={() => void ticket.refetch()}>重新加载</Button>}
      />
    );
  return (
    <section className="d-page" aria-labelledby="ticket-title">
      <h2 className="d-page__title" id="ticket-title">
        准考证
      </h2>
      <div className="d-page__actions">
        <Button type="primary" loading={downloading} disabled={downloading} onClick={startDownload}>
          下载准考证PDF
        </Button>
        <Button onClick={() => window.history.back()}>返回</Button>
      </div>
      {downloaded ? (
        <Alert
          type="success"
          showIcon
          title={
            ticket.data.HasOnlineExam
              ? '准考证已下载；在线考试凭账号登录作答，请提前检查设备和网络'
              : '准考证已下载，请用A4纸打印，考试当天携带'
          }
        />
      ) : null}
      <TicketView html={ticket.data.Html} label="准考证" />
    </section>
  );
}
