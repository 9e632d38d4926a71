import { formatFileSize, type FormField, type UploadedFileValue } from '@portal/contracts';
import { useState } from 'react';
import { compressPhoto } from '../../shared/image-base64';
import { useUploadFile } from './api/upload';

/**
 * A photo or file field's upload without its looks: a photo of any image type becomes a JPEG
 * first (§9), the type and size the field allows are checked, then Common/Upload stores it.
 */
export function useFileUpload(field: FormField, onUploaded: (value: UploadedFileValue) => void) {
  const uploader = useUploadFile();
  const [problem, setProblem] = useState('');
  const isPhoto = field.Type === 'photo';

  const choose = async (file: File | undefined) => {
    setProblem('');
    if (!file) return;
    // A photo of any image type becomes a JPEG first, so its type is checked after conversion.
    if (isPhoto && !file.type.startsWith('image/')) {
      setProblem(`${field.Label}须为图片`);
      return;
    }
    const blob = isPhoto ? ((await compressPhoto(file)) ?? file) : file;
    if (field.Accept?.length && !field.Accept.includes(blob.type)) {
      setProblem(`${field.Label}文件类型不支持`);
      return;
    }
    if (field.MaxSizeKb !== undefined && blob.size > field.MaxSizeKb * 1024) {
      setProblem(`${field.Label}不能超过${formatFileSize(field.MaxSizeKb)}`);
      return;
    }
    const name = isPhoto ? file.name.replace(/\.\w+$/, '') + '.jpg' : file.name;
    uploader.mutate(
      { file: blob, purpose: isPhoto ? 'photo' : 'file', fileName: name },
      { onSuccess: (stored) => onUploaded(stored) },
    );
  };

  return { choose, problem, uploading: uploader.isPending, isPhoto };
}
