import { useCallback, useEffect, useRef, useState } from 'react';

/** The width the ticket is laid out at before it is scaled down to the screen, like the paper. */
export const TICKET_LAYOUT_WIDTH = 560;
const FALLBACK_HEIGHT = 720;

/**
 * The server's ticket HTML in a sandboxed frame: no scripts run in it (no allow-scripts), and
 * allow-same-origin only lets this page measure its height. It is laid out at a paper-like width
 * and scaled to the width it is given, so nothing overflows a 320 px screen.
 */
export function TicketFrame({ html, title }: { html: string; title: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState(TICKET_LAYOUT_WIDTH);
  const [height, setHeight] = useState(FALLBACK_HEIGHT);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(box.clientWidth || TICKET_LAYOUT_WIDTH);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const onLoad = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    const measured = doc?.documentElement.scrollHeight ?? 0;
    if (measured > 0) setHeight(measured);
  }, []);

  const scale = Math.min(1, width / TICKET_LAYOUT_WIDTH);
  return (
    <div ref={boxRef} className="ticket-frame" style={{ height: Math.ceil(height * scale) }}>
      <iframe
        ref={frameRef}
        className="ticket-frame__frame"
        title={title}
        sandbox="allow-same-origin"
        srcDoc={html}
        onLoad={onLoad}
        style={{
          width: TICKET_LAYOUT_WIDTH,
          height,
          transform: `scale(${scale})`,
        }}
      />
    </div>
  );
}
