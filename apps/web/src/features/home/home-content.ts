import type { HomeLableLayout } from '@portal/contracts';
import { paths, useSessionStore } from '../../platform';
import { useRunProjectDisplay } from './api/get-user-run-project-display';

type Banner = HomeLableLayout['Banners'][number];
type Section = HomeLableLayout['Sections'][number];

/** Where a banner leads: its project, or the project list when it names none. */
export function bannerTarget(banner: Banner): string {
  return banner.ProjectId ? paths.flowManage({ ProjectId: banner.ProjectId }) : paths.projectList();
}

/** A section is shown only with projects in it. */
export function shownSections(sections: readonly Section[]): Section[] {
  return sections.filter((s) => s.Projects.length > 0);
}

/** A section's 更多: the project list filtered by its label. */
export function sectionMoreTarget(section: Section): string {
  return paths.projectList({ LableId: section.LableId });
}

/** The signed-in person's applications under way, or null when the strip is not to be shown. */
export function useRunStrip() {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const display = useRunProjectDisplay(signedIn);
  if (!signedIn || !display.data?.Display) return null;
  return display.data.Items;
}
