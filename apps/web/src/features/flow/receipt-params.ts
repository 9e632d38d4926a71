import { RECEIPT_KINDS, type ReceiptKind } from '@portal/contracts';
import { idParam } from '../../shared/id';

/** The receipt an address names: ApplyId and Kind (Apply or Exam); null when either is missing. */
export function receiptParams(
  params: URLSearchParams,
): { applyId: number; kind: ReceiptKind } | null {
  const applyId = idParam(params.get('ApplyId'));
  const kind = RECEIPT_KINDS.find((k) => k === params.get('Kind'));
  return applyId && kind ? { applyId, kind } : null;
}
