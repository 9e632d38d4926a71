import { generatePrint } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The admission ticket as HTML (the first print issues it: the application becomes TicketIssued). */
export function fetchTicketHtml(applyId: number, signal?: AbortSignal) {
  return callEndpoint(generatePrint, { ApplyId: applyId }, { signal });
}

export function ticketHtmlQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [generatePrint.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => fetchTicketHtml(applyId, signal),
    // A POST that reads: once per visit is enough.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useTicketHtml(applyId: number) {
  return useQuery({ ...ticketHtmlQueryOptions(applyId), enabled: isId(applyId) });
}
