import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * What a busy button says (antd-mobile's loadingText): while loading it draws the spinner instead of
 * its text, and a button with no text has no name for a screen reader.
 */
export const BUSY_TEXT = '请稍候';

/** A phone form's submit button, full width: busy (请稍候, not tappable again) while its call runs. */
export function SubmitButton({
  busy,
  color = 'primary',
  fill,
  children,
}: {
  busy: boolean;
  color?: 'primary' | 'danger';
  fill?: 'outline';
  children: ReactNode;
}) {
  return (
    <Button
      block
      color={color}
      fill={fill}
      type="submit"
      loading={busy}
      loadingText={BUSY_TEXT}
      disabled={busy}
    >
      {children}
    </Button>
  );
}
