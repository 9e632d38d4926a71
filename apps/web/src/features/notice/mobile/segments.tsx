import type { KeyboardEvent } from 'react';

interface Segment<K extends string> {
  key: K;
  label: string;
}

/** Two or more views of one page as a tab list: arrow keys move between tabs (WAI-ARIA tabs). */
export function Segments<K extends string>({
  label,
  idPrefix,
  segments,
  value,
  onChange,
}: {
  label: string;
  idPrefix: string;
  segments: readonly Segment<K>[];
  value: K;
  onChange: (key: K) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = segments.findIndex((s) => s.key === value);
    const next = segments[(index + step + segments.length) % segments.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    document.getElementById(`${idPrefix}-tab-${next.key}`)?.focus();
  };
  return (
    <div className="segments" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {segments.map((s) => (
        <button
          key={s.key}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${s.key}`}
          aria-selected={s.key === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={s.key === value ? 0 : -1}
          className="segments__tab"
          onClick={() => onChange(s.key)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}
