// The benchmarks' markdown reports, section by section (no other import: bench:web loads it too).
/** A report's sections, each from its `## ` heading to the next. */
function sectionsOf(text: string): string[] {
  return text
    .split(/\n(?=## )/)
    .slice(1)
    .map((section) => section.trim());
}

/**
 * The sections of a report after a run that measured `fresh`: those in place of the same sections
 * of `previous` (a partial run replaces only its own), in the order of `headings` (each section's
 * heading starts with one of them).
 */
export function withSectionsReplaced(
  previous: string,
  fresh: readonly string[],
  headings: readonly string[],
): string[] {
  const rank = (section: string) => headings.findIndex((heading) => section.startsWith(heading));
  const ran = new Set(fresh.map(rank));
  return [...sectionsOf(previous).filter((old) => !ran.has(rank(old))), ...fresh].sort(
    (a, b) => rank(a) - rank(b),
  );
}
