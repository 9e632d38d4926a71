import { previewGeneratePrint, previewHtmlToPdf } from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveBase64File } from '../../../shared/save-file';
import { isId } from '../../../shared/id';
import { callPreview } from './preview-session';

/** The admission ticket rendered from sample data, marked 样例 (ProjectPreview/GeneratePrint). */
export function usePreviewTicket(projectId: number) {
  return useQuery({
    queryKey: [previewGeneratePrint.name, { ProjectId: projectId }],
    queryFn: ({ signal }) =>
      callPreview(previewGeneratePrint, { ProjectId: projectId }, { signal }),
    enabled: isId(projectId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The sample ticket as a PDF file (ProjectPreview/HtmlToPdf), saved by the browser. */
export function useDownloadPreviewPdf() {
  return useMutation({
    mutationFn: (input: { Html: string; FileName: string }) => callPreview(previewHtmlToPdf, input),
    onSuccess: (file) => saveBase64File(file.Base64, file.FileName, file.ContentType),
  });
}
