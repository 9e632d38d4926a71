import '../../../shared/ui/desktop/page.css';
import { Button, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { useReceipt } from '../api/get-receipt';
import { ReceiptView } from '../components/receipt-view';
import { receiptParams } from '../receipt-params';

/** receipt on a PC: a submitted application's or exam's signed receipt. */
export default function ReceiptPage() {
  const [params] = useSearchParams();
  const named = receiptParams(params);
  const navigate = useNavigate();
  const receipt = useReceipt(named?.applyId ?? 0, named?.kind ?? 'Apply');
  if (!named)
    return (
      <Result
        status="warning"
        title="没有指定回执"
        extra={<Button onClick={() => void navigate(paths.myProject())}>去我的项目</Button>}
      />
    );
  if (receipt.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (receipt.isError)
    return (
      <Result
        status="warning"
        title="回执暂不可查看"
        subTitle={receipt.error.message}
        extra={<Button onClick={() => void receipt.refetch()}>重新加载</Button>}
      />
    );
  return (
    <div className="d-page">
      <ReceiptView receipt={receipt.data} />
      <div className="d-page__actions">
        <Button onClick={() => window.history.back()}>返回</Button>
      </div>
    </div>
  );
}
