import { idNumberCheckDigit, type ApplyStatus, type FormValues } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import { checkFormValues } from '../domain/applications/applications.js';
import { recordConsents, requireSensitiveConsent } from '../domain/privacy/consents.js';
import { scoreAnswers } from '../domain/exams/exams.js';
import { ticketNumberFor } from '../domain/tickets/tickets.js';
import type { Database } from '../db/client.js';
import {
  applicationEvents,
  applications,
  browseHistory,
  examAccommodations,
  examPapers,
  examQuestions,
  examSubmissions,
  forms,
  paymentOrders,
  positions,
  projectFollows,
  projects,
  users,
} from '../db/schema/index.js';
import { ACCOMMODATED_MOBILE, DEMO_MOBILE } from './20-users.js';
import { SEED_PROJECTS } from './30-projects.js';
import { seedUploadsOf } from './files.js';

const DAY = 24 * 3600_000;
/** The seeded contest's line for the 复赛 (进入下一环节). */
export const SCORE_PASS_LINE = 60;
/** GB 11643 check digit, so seeded ID numbers pass the form rules. */
export const withCheckDigit = (first17: string): string => first17 + idNumberCheckDigit(first17);

function candidateValues(person: {
  files: Awaited<ReturnType<typeof seedUploadsOf>>;
  name: string;
  gender: 'male' | 'female';
  id17: string;
  birth: string;
  mobile: string;
  hukou: [string, string];
}): FormValues {
  return {
    name: person.name,
    gender: person.gender,
    idNumber: withCheckDigit(person.id17),
    birthDate: person.birth,
    mobile: person.mobile,
    email: 'liming@example.com',
    education: 'bachelor',
    major: '计算机科学与技术',
    hukou: person.hukou,
    hasWork: 'yes',
    workUnit: '北京华信科技有限公司',
    workYears: 3,
    skills: ['computer', 'writing'],
    resume:
      '2016-2020 北京理工大学 计算机科学与技术 本科；2020年至今 北京华信科技有限公司 软件工程师。',
    photo: person.files.photo,
    diploma: person.files.diploma,
  };
}

interface SeedApplication {
  title: string;
  status: ApplyStatus;
  remark?: string;
  daysAgo: number;
}

const DEMO_APPLICATIONS: SeedApplication[] = [
  { title: SEED_PROJECTS.submitted, status: 'Submitted', daysAgo: 2 },
  { title: SEED_PROJECTS.underReview, status: 'UnderReview', daysAgo: 4 },
  {
    title: SEED_PROJECTS.returned,
    status: 'Returned',
    remark: '证件照不符合要求，请上传近期白底免冠正面照片',
    daysAgo: 6,
  },
  { title: SEED_PROJECTS.approvedUnpaid, status: 'Approved', daysAgo: 7 },
  { title: SEED_PROJECTS.paidExam, status: 'Paid', daysAgo: 8 },
  { title: SEED_PROJECTS.shortExam, status: 'Paid', daysAgo: 3 },
  { title: SEED_PROJECTS.ticketIssued, status: 'TicketIssued', daysAgo: 40 },
  { title: SEED_PROJECTS.finished, status: 'Finished', daysAgo: 100 },
  {
    title: SEED_PROJECTS.rejected,
    status: 'Rejected',
    remark: '所学专业与报考岗位要求不符',
    daysAgo: 5,
  },
];

/** The path each seeded status walked, for the flow history. */
const PATHS: Record<ApplyStatus, ApplyStatus[]> = {
  Draft: ['Draft'],
  Submitted: ['Submitted'],
  UnderReview: ['Submitted', 'UnderReview'],
  Returned: ['Submitted', 'UnderReview', 'Returned'],
  Rejected: ['Submitted', 'UnderReview', 'Rejected'],
  Approved: ['Submitted', 'UnderReview', 'Approved'],
  Paid: ['Submitted', 'UnderReview', 'Approved', 'Paid'],
  TicketIssued: ['Submitted', 'UnderReview', 'Approved', 'Paid', 'TicketIssued'],
  Finished: ['Submitted', 'UnderReview', 'Approved', 'Paid', 'TicketIssued', 'Finished'],
  Withdrawn: ['Submitted', 'Withdrawn'],
};
const PAID: readonly ApplyStatus[] = ['Paid', 'TicketIssued', 'Finished'];

async function seedApplication(
  db: Database,
  userId: number,
  values: FormValues,
  a: SeedApplication,
  now: number,
): Promise<void> {
  const [project] = await db.select().from(projects).where(eq(projects.title, a.title));
  if (!project) throw new Error(`seed: no project ${a.title}`);
  const [position] = await db
    .select()
    .from(positions)
    .where(eq(positions.projectId, project.id))
    .orderBy(asc(positions.sort))
    .limit(1);
  const [form] = await db.select().from(forms).where(eq(forms.projectId, project.id));
  const known = new Set(form!.fields.map((f) => f.FieldId));
  const kept = checkFormValues(
    form!.fields,
    Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k))),
  );
  const submittedAt = new Date(now - a.daysAgo * DAY);
  const step = (i: number) => new Date(submittedAt.getTime() + i * 6 * 3600_000);
  const path = PATHS[a.status];
  const [row] = await db
    .insert(applications)
    .values({
      userId,
      projectId: project.id,
      positionId: position!.id,
      values: kept,
      status: a.status,
      reviewRemark: a.remark ?? null,
      submittedAt,
      reviewedAt: path.length > 2 ? step(2) : null,
      createdAt: submittedAt,
      updatedAt: step(path.length - 1),
    })
    .returning();
  const consent = await requireSensitiveConsent(db, form!, true, null);
  if (consent)
    await recordConsents(db, {
      userId,
      kinds: [{ ...consent, applicationId: row!.id }],
      address: null,
      at: submittedAt,
    });
  await db.insert(applicationEvents).values(
    path.map((status, i) => ({
      applicationId: row!.id,
      fromStatus: i === 0 ? null : path[i - 1]!,
      toStatus: status,
      actor: (i === 0 ? 'candidate' : status === 'Paid' ? 'system' : 'reviewer') as
        'candidate' | 'reviewer' | 'system',
      remark: status === a.status ? (a.remark ?? null) : null,
      createdAt: step(i),
    })),
  );
  if (PAID.includes(a.status) && project.feeInFen > 0) {
    const paidAt = step(3);
    await db.insert(paymentOrders).values({
      orderNo: `P${paidAt.toISOString().replace(/\D/g, '').slice(0, 14)}${String(row!.id).padStart(6, '0')}`,
      userId,
      applicationId: row!.id,
      amountInFen: project.feeInFen,
      subject: `${project.title} 报名费`,
      status: 'Paid',
      paidAt,
      createdAt: new Date(paidAt.getTime() - 600_000),
      updatedAt: paidAt,
    });
  }
  if (a.status === 'TicketIssued' || a.status === 'Finished')
    await db
      .update(applications)
      // A venue exam's seat (room and seat on the ticket); the row id keeps seats distinct.
      .set({
        ticketNo: ticketNumberFor(project, row!.id),
        examSeat: project.hasOnlineExam ? null : row!.id,
      })
      .where(eq(applications.id, row!.id));
  if (a.status === 'Finished' && project.hasOnlineExam) {
    const [paper] = await db.select().from(examPapers).where(eq(examPapers.projectId, project.id));
    const questions = await db
      .select()
      .from(examQuestions)
      .where(eq(examQuestions.paperId, paper!.id))
      .orderBy(asc(examQuestions.sort));
    // Right on all but the last question.
    const answers = questions.map((q, i) => ({
      QuestionId: q.id,
      Choices:
        i === questions.length - 1
          ? [q.options.find((o) => !q.answer.includes(o.Key))!.Key]
          : q.answer,
    }));
    const score = scoreAnswers(questions, answers);
    await db.insert(examSubmissions).values({
      applicationId: row!.id,
      paperId: paper!.id,
      answers,
      score,
      totalScore: questions.reduce((s, q) => s + q.score, 0),
      submittedAt: step(5),
    });
    await db.update(applications).set({ examScore: score }).where(eq(applications.id, row!.id));
  }
}

export async function seed(db: Database): Promise<void> {
  const now = Date.now();
  const [demo] = await db.select().from(users).where(eq(users.mobile, DEMO_MOBILE));
  const [second] = await db.select().from(users).where(eq(users.mobile, '13900139000'));
  if (!demo || !second) throw new Error('seed: users first');

  const demoValues = candidateValues({
    files: await seedUploadsOf(db, demo.id, new Date(now - 120 * DAY)),
    name: '李明',
    gender: 'male',
    id17: '11010819950615003',
    birth: '1995-06-15',
    mobile: DEMO_MOBILE,
    hukou: ['11', '110108'],
  });
  for (const a of DEMO_APPLICATIONS) await seedApplication(db, demo.id, demoValues, a, now);

  const secondValues = {
    ...candidateValues({
      files: await seedUploadsOf(db, second.id, new Date(now - 120 * DAY)),
      name: '王芳',
      gender: 'female',
      id17: '44010619980321002',
      birth: '1998-03-21',
      mobile: '13900139000',
      hukou: ['44', '4401'],
    }),
    email: 'wangfang@example.com',
    hasWork: 'no',
  };
  for (const a of [
    { title: SEED_PROJECTS.submitted, status: 'Submitted' as const, daysAgo: 3 },
    { title: SEED_PROJECTS.approvedUnpaid, status: 'Approved' as const, daysAgo: 6 },
  ])
    await seedApplication(db, second.id, secondValues, a, now);

  // A candidate with a disability, paid for the online exam, with +30% approved (合理便利).
  const [accommodated] = await db.select().from(users).where(eq(users.mobile, ACCOMMODATED_MOBILE));
  if (!accommodated) throw new Error('seed: users first');
  await seedApplication(
    db,
    accommodated.id,
    {
      ...candidateValues({
        files: await seedUploadsOf(db, accommodated.id, new Date(now - 60 * DAY)),
        name: '赵静',
        gender: 'female',
        id17: '32010219900708002',
        birth: '1990-07-08',
        mobile: ACCOMMODATED_MOBILE,
        hukou: ['32', '3201'],
      }),
      email: 'zhaojing@example.com',
    },
    { title: SEED_PROJECTS.paidExam, status: 'Paid', daysAgo: 5 },
    now,
  );
  const [paidPaper] = await db
    .select({ id: examPapers.id })
    .from(examPapers)
    .innerJoin(projects, eq(projects.id, examPapers.projectId))
    .where(eq(projects.title, SEED_PROJECTS.paidExam));
  await db.insert(examAccommodations).values({
    userId: accommodated.id,
    paperId: paidPaper!.id,
    extraTimePercent: 30,
    approvedBy: '陈老师（项目审核）',
    approvedAt: new Date(now - 4 * DAY),
  });

  const byTitle = new Map(
    (await db.select({ id: projects.id, title: projects.title }).from(projects)).map((p) => [
      p.title,
      p.id,
    ]),
  );
  const id = (title: string) => {
    const found = byTitle.get(title);
    if (!found) throw new Error(`seed: no project ${title}`);
    return found;
  };
  await db.insert(projectFollows).values(
    [
      SEED_PROJECTS.journey,
      SEED_PROJECTS.returned,
      '国家电网有限公司2026年高校毕业生招聘（第二批）',
      '2026年上半年中小学教师资格考试（笔试）',
    ].map((title, i) => ({
      userId: demo.id,
      projectId: id(title),
      createdAt: new Date(now - (i + 1) * 1.5 * DAY),
    })),
  );
  await db.insert(browseHistory).values(
    [
      SEED_PROJECTS.journey,
      SEED_PROJECTS.submitted,
      '广东省2026年考试录用公务员',
      SEED_PROJECTS.paidExam,
      '2026年度中央机关及其直属机构考试录用公务员',
      SEED_PROJECTS.free,
    ].map((title, i) => ({
      userId: demo.id,
      projectId: id(title),
      browsedAt: new Date(now - (i * 7 + 1) * 3600_000),
    })),
  );

  // The contest's results are out: the demo candidate's score, the line for the 复赛, and the
  // 复核 window of the results notice (5 days from publication) still open.
  await db
    .update(projects)
    .set({
      scoresPublishAt: new Date(now - 2 * DAY),
      scorePassLine: SCORE_PASS_LINE,
      scoreReviewStartAt: new Date(now - 2 * DAY),
      scoreReviewEndAt: new Date(now + 3 * DAY),
    })
    .where(eq(projects.id, id(SEED_PROJECTS.finished)));
}
