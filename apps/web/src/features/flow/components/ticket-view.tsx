import './ticket-view.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { sanitizeDocument } from '../../../shared/safe-html';

/** The width the ticket is laid out at before it is scaled down to the screen, like the paper. */
export const TICKET_LAYOUT_WIDTH = 560;

/**
 * The server's ticket document, sanitised (allow-listed markup, its style sheet without anything
 * that fetches) and drawn in a shadow root so its styles touch nothing else. It is laid out at a
 * paper-like width and scaled to the width it is given, so nothing overflows a 320 px screen.
 * (A sandboxed frame would be as safe, but screen readers and axe read a shadow root, not a
 * script-less frame.)
 */
export function TicketView({ html, label }: { html: string; label: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(TICKET_LAYOUT_WIDTH);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const { css, body } = sanitizeDocument(html);
    const style = document.createElement('style');
    // textContent, never markup: a style sheet cannot close its element and add any.
    style.textContent = `:host{display:block;background:#fff;color:#1f2329}\n${css}`;
    const content = document.createElement('div');
    content.innerHTML = body;
    root.replaceChildren(style, content);
    setHeight(content.scrollHeight || host.scrollHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(content.scrollHeight));
    observer.observe(content);
    return () => observer.disconnect();
  }, [html]);

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

  const scale = Math.min(1, width / TICKET_LAYOUT_WIDTH);
  return (
    <div
      ref={boxRef}
      className="ticket-view"
      role="document"
      aria-label={label}
      style={{ height: height ? Math.ceil(height * scale) : undefined }}
    >
      <div
        ref={hostRef}
        className="ticket-view__paper"
        style={{ width: TICKET_LAYOUT_WIDTH, transform: `scale(${scale})` }}
      />
    </div>
  );
}
