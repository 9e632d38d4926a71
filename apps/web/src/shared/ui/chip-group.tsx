interface ChipOption<V extends string> {
  value: V;
  label: string;
}

/** One choice among a few, as a row of chips (a radio group for keyboards and screen readers). */
export function ChipGroup<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div className="chip-group" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          className={option.value === value ? 'chip chip--active' : 'chip'}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
