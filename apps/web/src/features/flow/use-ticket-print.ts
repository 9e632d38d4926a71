import { useRef } from 'react';
import { useDownloadTicket } from './api/download-print';
import { useTicketHtml } from './api/generate-print';

/** The admission ticket without its looks: its HTML, and its PDF downloaded once per tap. */
export function useTicketPrint(applyId: number) {
  const ticket = useTicketHtml(applyId);
  const download = useDownloadTicket(applyId);
  // Set at the first tap, before the button re-renders disabled: one tap, one download.
  const downloading = useRef(false);
  const startDownload = () => {
    if (downloading.current) return;
    downloading.current = true;
    download.mutate(undefined, { onSettled: () => (downloading.current = false) });
  };
  return {
    ticket,
    startDownload,
    downloading: download.isPending,
    downloaded: download.isSuccess,
  };
}
