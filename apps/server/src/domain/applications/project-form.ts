import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { forms, positions } from '../../db/schema/index.js';
import { badRequest, notFound } from '../errors.js';

export type FormRow = typeof forms.$inferSelect;

const formOfProject = preparedPerDatabase('form_of_project', (db, name) =>
  db
    .select()
    .from(forms)
    .where(eq(forms.projectId, sql.placeholder('projectId')))
    .prepare(name),
);

const positionOfProject = preparedPerDatabase('position_of_project', (db, name) =>
  db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(
      and(
        eq(positions.id, sql.placeholder('positionId')),
        eq(positions.projectId, sql.placeholder('projectId')),
      ),
    )
    .prepare(name),
);

export async function requireForm(db: Database, projectId: number): Promise<FormRow> {
  const [form] = await formOfProject(db).execute({ projectId });
  if (!form) throw notFound('该项目尚未发布报名表');
  return form;
}

/** A position of this very project (applying, 改报); another project's is refused as a wrong pick. */
export async function requireProjectPosition(
  db: Database,
  projectId: number,
  positionId: number,
): Promise<{ id: number; name: string }> {
  const [position] = await positionOfProject(db).execute({ positionId, projectId });
  if (!position)
    throw badRequest('所选岗位不属于该项目，请重新选择', { PositionId: '请选择本项目的岗位' });
  return position;
}
