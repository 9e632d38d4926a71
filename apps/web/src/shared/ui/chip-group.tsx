import type { MouseEvent } from 'react';
import { Link, useNavigate, type To } from 'react-router';

interface ChipOption<V extends string> {
  value: V;
  label: string;
}

/**
 * One choice among a few, as a row of chips that are links to the address with that choice: a tap
 * works on the server's drawing before the app is live (the page loads anew with it), and after,
 * the router changes the address in place. Either way it is a step in the history, so Back is the
 * same before and after. The chosen one is the current link for screen readers. A tap is drawn at
 * once rather than in a transition, so a second quick tap builds on the first's address.
 */
export function ChipGroup<V extends string>({
  label,
  options,
  value,
  to,
}: {
  label: string;
  options: readonly ChipOption<V>[];
  value: V;
  to: (value: V) => To;
}) {
  const navigate = useNavigate();
  // Link has no flushSync of its own; a plain click is followed here, anything else (a new tab)
  // is left to the browser as the link it is.
  const followAtOnce = (event: MouseEvent<HTMLAnchorElement>, destination: To) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    void navigate(destination, { flushSync: true });
  };
  return (
    <div className="chip-group" role="group" aria-label={label}>
      {options.map((option) => {
        const chosen = option.value === value;
        return (
          <Link
            key={option.value}
            to={to(option.value)}
            onClick={(event) => followAtOnce(event, to(option.value))}
            aria-current={chosen ? 'true' : undefined}
            className={chosen ? 'chip chip--active' : 'chip'}
          >
            {option.label}
          </Link>
        );
      })}
    </div>
  );
}
