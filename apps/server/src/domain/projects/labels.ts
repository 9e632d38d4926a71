import type { FindLable, HomeLable, HomeLableLayout } from '@portal/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  homeBanners,
  homeSections,
  labels,
  projectLabels,
  projects,
} from '../../db/schema/index.js';
import { deriveProjectState, toProjectSummaries } from './projects.js';

/** Lable/GetHomeLable: the home page's shortcut labels. */
export async function listHomeLabels(db: Database, tenantId: number): Promise<HomeLable[]> {
  const rows = await db
    .select()
    .from(labels)
    .where(and(eq(labels.tenantId, tenantId), eq(labels.kind, 'home')))
    .orderBy(asc(labels.sort), asc(labels.id));
  return rows.map((l) => ({ LableId: l.id, Name: l.name, Icon: l.icon, Color: l.color }));
}

interface LabelNode {
  id: number;
  parentId: number | null;
  name: string;
  icon: string;
}

/** Builds the tree; a parent counts the distinct projects of its whole subtree. */
export function buildLabelTree(
  nodes: LabelNode[],
  projectIdsByLabel: Map<number, Set<number>>,
): FindLable[] {
  const childrenOf = (id: number | null) => nodes.filter((n) => n.parentId === id);
  const build = (node: LabelNode): { lable: FindLable; projects: Set<number> } => {
    const children = childrenOf(node.id).map(build);
    const projectsHere = new Set(projectIdsByLabel.get(node.id) ?? []);
    for (const child of children) for (const p of child.projects) projectsHere.add(p);
    const lable: FindLable = {
      LableId: node.id,
      Name: node.name,
      Icon: node.icon,
      ProjectCount: projectsHere.size,
      ...(children.length > 0 ? { Children: children.map((c) => c.lable) } : {}),
    };
    return { lable, projects: projectsHere };
  };
  return childrenOf(null).map((n) => build(n).lable);
}

/** Lable/GetFindLable: the discovery tree with Children. */
export async function listFindLabelTree(db: Database, tenantId: number): Promise<FindLable[]> {
  const rows = await db
    .select()
    .from(labels)
    .where(and(eq(labels.tenantId, tenantId), eq(labels.kind, 'find')))
    .orderBy(asc(labels.sort), asc(labels.id));
  const links =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(projectLabels)
          .where(
            inArray(
              projectLabels.labelId,
              rows.map((r) => r.id),
            ),
          );
  const byLabel = new Map<number, Set<number>>();
  for (const link of links) {
    const set = byLabel.get(link.labelId) ?? new Set<number>();
    set.add(link.projectId);
    byLabel.set(link.labelId, set);
  }
  return buildLabelTree(rows, byLabel);
}

const SECTION_STATE_ORDER = { Applying: 0, NotStarted: 1, Closed: 2, Finished: 3 } as const;

/** HomeLableLayout/GetHomeLableLayout: banners, then sections of projects by label. */
export async function getHomeLayout(
  db: Database,
  tenantId: number,
  now: Date,
): Promise<HomeLableLayout> {
  const [banners, sections] = await Promise.all([
    db
      .select()
      .from(homeBanners)
      .where(eq(homeBanners.tenantId, tenantId))
      .orderBy(asc(homeBanners.sort), asc(homeBanners.id)),
    db
      .select()
      .from(homeSections)
      .where(eq(homeSections.tenantId, tenantId))
      .orderBy(asc(homeSections.sort), asc(homeSections.id)),
  ]);
  const filled = await Promise.all(
    sections.map(async (section) => {
      const rows = await db
        .select({ project: projects })
        .from(projects)
        .innerJoin(projectLabels, eq(projectLabels.projectId, projects.id))
        .where(and(eq(projectLabels.labelId, section.labelId), eq(projects.tenantId, tenantId)));
      const chosen = rows
        .map((r) => r.project)
        .sort(
          (a, b) =>
            SECTION_STATE_ORDER[deriveProjectState(a, now)] -
              SECTION_STATE_ORDER[deriveProjectState(b, now)] ||
            a.sort - b.sort ||
            b.applyStartAt.getTime() - a.applyStartAt.getTime(),
        )
        .slice(0, section.maxItems);
      return {
        SectionId: section.id,
        Title: section.title,
        LableId: section.labelId,
        Style: section.style,
        Projects: await toProjectSummaries(db, chosen, now),
      };
    }),
  );
  return {
    Banners: banners.map((b) => ({ Title: b.title, ImageUrl: b.imageUrl, ProjectId: b.projectId })),
    Sections: filled,
  };
}
