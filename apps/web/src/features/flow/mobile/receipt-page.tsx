import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useReceipt } from '../api/get-receipt';
import { ReceiptView } from '../components/receipt-view';
import { receiptParams } from '../receipt-params';

/** receipt: a submitted application's or exam's signed receipt, with its verify address. */
export default function ReceiptPage() {
  const [params] = useSearchParams();
  const named = receiptParams(params);
  const navigate = useNavigate();
  const receipt = useReceipt(named?.applyId ?? 0, named?.kind ?? 'Apply');
  if (!named)
    return (
      <LoadFailed
        title="没有指定回执"
        description="请从我的项目进入查看回执"
        actionText="去我的项目"
        onRetry={() => void navigate(paths.myProject())}
      />
    );
  if (receipt.isPending) return <LoadingSkeleton rows={4} label="正在加载回执" />;
  if (receipt.isError)
    return (
      <LoadFailed
        title="回执暂不可查看"
        description={receipt.error.message}
        onRetry={() => void receipt.refetch()}
      />
    );
  return (
    <div className="m-section">
      <ReceiptView receipt={receipt.data} />
    </div>
  );
}
