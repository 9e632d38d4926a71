import type { UploadedFileValue } from '@portal/contracts';
import { uploadAddressOf, useUploadSrc } from '../../platform';
import { SafeImage } from '../../shared/ui/safe-image';

/** A photo field's upload as both layouts show it: its signed address, or read with the token. */
export function UploadedPhoto({
  value,
  className,
  alt,
}: {
  value: UploadedFileValue;
  className: string;
  alt: string;
}) {
  const src = useUploadSrc(uploadAddressOf(value));
  return (
    <SafeImage className={className} src={src} alt={alt} fallbackText="照片无法显示，请重新上传" />
  );
}
