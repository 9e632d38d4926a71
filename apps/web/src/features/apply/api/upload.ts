import type { UPLOAD_PURPOSES } from '@portal/contracts';
import { upload } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

/** Common/Upload: multipart, the file in field `File`. */
export function uploadFile(
  file: Blob,
  purpose: (typeof UPLOAD_PURPOSES)[number],
  fileName: string,
) {
  const named = file instanceof File ? file : new File([file], fileName, { type: file.type });
  return callEndpoint(upload, { Purpose: purpose }, { files: { File: named } });
}

export function useUploadFile() {
  return useMutation({
    mutationFn: (input: {
      file: Blob;
      purpose: (typeof UPLOAD_PURPOSES)[number];
      fileName: string;
    }) => uploadFile(input.file, input.purpose, input.fileName),
  });
}
