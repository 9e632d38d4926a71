import { type ImgHTMLAttributes, useState } from 'react';

interface SafeImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  alt: string;
  /** What the placeholder says when the image cannot be shown. */
  fallbackText?: string;
}

/**
 * An image that never shows the browser's broken icon: a missing address or a failed load shows
 * a framed placeholder of the same size and class, which says so (and keeps the alt text for
 * screen readers). Both layouts use it for every server image.
 */
export function SafeImage({
  src,
  alt,
  fallbackText = '图片无法显示',
  className,
  ...rest
}: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    const decorative = alt === '' || rest['aria-hidden'] === true || rest['aria-hidden'] === 'true';
    return (
      <span
        className={['safe-image__placeholder', className].filter(Boolean).join(' ')}
        role={decorative ? undefined : 'img'}
        aria-label={decorative ? undefined : `${alt}（${fallbackText}）`}
        aria-hidden={decorative ? true : undefined}
        data-image-failed=""
      >
        <span aria-hidden="true">{fallbackText}</span>
      </span>
    );
  }
  return (
    <img {...rest} className={className} src={src} alt={alt} onError={() => setFailedSrc(src)} />
  );
}
