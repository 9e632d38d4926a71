import { type ApplyArchiveKey, maskIdNumber, maskMobile } from '@portal/contracts';
import { useState } from 'react';

/** The archive's fields shown masked until the person asks to see them (issue 10). */
export const SENSITIVE_ARCHIVE_FIELDS: Partial<Record<ApplyArchiveKey, (value: string) => string>> =
  {
    idNumber: maskIdNumber,
    mobile: maskMobile,
  };

/** Which sensitive fields the person has asked to see; a field with a problem is shown anyway. */
export function useRevealed() {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  return {
    isShown: (key: string) => shown.has(key),
    show: (key: string) => setShown((prev) => new Set(prev).add(key)),
  };
}
