import { downloadPrint, getApply } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { saveBase64File } from '../../../shared/save-file';

/** The admission ticket as a PDF file. */
export function fetchTicketPdf(applyId: number) {
  return callEndpoint(downloadPrint, { ApplyId: applyId });
}

/** Downloads the ticket and hands it to the browser as a file with the server's name. */
export function useDownloadTicket(applyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchTicketPdf(applyId),
    onSuccess: (file) => {
      saveBase64File(file.Base64, file.FileName, file.ContentType);
      return queryClient.invalidateQueries({ queryKey: [getApply.name] });
    },
  });
}
