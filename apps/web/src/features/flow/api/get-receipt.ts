import { getReceipt, type ReceiptKind } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** A receipt of the candidate's application or online exam, signed by the server. */
export function useReceipt(applyId: number, kind: ReceiptKind) {
  return useQuery({
    queryKey: [getReceipt.name, { ApplyId: applyId, Kind: kind }],
    queryFn: ({ signal }) => callEndpoint(getReceipt, { ApplyId: applyId, Kind: kind }, { signal }),
    enabled: isId(applyId),
    // A receipt changes only when the application is submitted again.
    staleTime: Infinity,
  });
}
