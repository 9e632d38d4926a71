import type { ReceiptKind } from '@portal/contracts';
import { useReceipt } from '../api/get-receipt';
import { ReceiptView } from './receipt-view';

/** The receipt shown right after a submission; while it loads, a line says so. */
export function SubmittedReceipt({ applyId, kind }: { applyId: number; kind: ReceiptKind }) {
  const receipt = useReceipt(applyId, kind);
  if (receipt.isError) return <p role="alert">回执暂不可查看：{receipt.error.message}</p>;
  if (!receipt.data) return <p role="status">正在生成回执…</p>;
  return <ReceiptView receipt={receipt.data} />;
}
