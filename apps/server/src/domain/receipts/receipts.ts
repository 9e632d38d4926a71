import { createHash } from 'node:crypto';
import {
  maskIdNumber,
  maskName,
  RECEIPT_KINDS,
  type FormValues,
  type Receipt,
  type ReceiptKind,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  examSubmissions,
  positions,
  projects,
  users,
  type ApplicationRow,
} from '../../db/schema/index.js';
import type { ServerSecrets } from '../../platform/secrets.js';
import { isServerSignature, serverSignature } from '../../platform/server-signature.js';
import { requireForm, requireOwnApplication } from '../applications/applications.js';
import { conflict } from '../errors.js';
import type { Gateways } from '../ports.js';
import { qrCodeDataUrl } from '../tickets/ticket-check.js';
import { candidateOf } from '../tickets/tickets.js';
import { fileIdOf, readUpload } from '../uploads/uploads.js';

/** Where a receipt's link and QR code lead: a page of the server, like the ticket's check. */
export const RECEIPT_CHECK_PATH = '/receipt/verify';

const PURPOSE = 'receipt';

/** What the signature covers, carried in the address itself: it needs no lookup to be read. */
const attestedSchema = z.object({
  Kind: z.enum(RECEIPT_KINDS),
  ApplyId: z.number().int(),
  ProjectTitle: z.string(),
  PositionName: z.string(),
  CandidateName: z.string(),
  IdNumber: z.string(),
  Digest: z.string(),
  SubmittedAt: z.string(),
});
export type Attested = z.infer<typeof attestedSchema>;

export interface ReceiptDeps {
  db: Database;
  gateways: Pick<Gateways, 'files'>;
  config: Pick<ServerConfig, 'publicUrl'>;
  secrets: Pick<ServerSecrets, 'receiptKeys'>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** JSON with its keys sorted, so one content has one digest whatever order it was stored in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * The submitted form's digest: its values, each file replaced by its name and the SHA-256 of its
 * bytes (an upload's id says nothing of what was sent).
 */
export async function formDigest(deps: Pick<ReceiptDeps, 'db' | 'gateways'>, values: FormValues) {
  const described: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const id = fileIdOf(value);
    const upload = id ? await readUpload(deps.db, deps.gateways.files, id) : null;
    described[key] = upload
      ? { FileName: upload.row.fileName, Sha256: sha256(upload.data) }
      : value;
  }
  return sha256(canonicalJson(described));
}

/** The answers' digest, question by question in the paper's numbering. */
export function answersDigest(answers: { QuestionId: number; Choices: string[] }[]): string {
  const ordered = [...answers]
    .sort((a, b) => a.QuestionId - b.QuestionId)
    .map((a) => ({ QuestionId: a.QuestionId, Choices: a.Choices }));
  return sha256(canonicalJson(ordered));
}

/** What the receipt attests: the submission as stored, the candidate masked; null before it. */
async function attestedOf(
  deps: Pick<ReceiptDeps, 'db' | 'gateways'>,
  row: ApplicationRow,
  kind: ReceiptKind,
): Promise<Attested | null> {
  const { db } = deps;
  if (!row.submittedAt) return null;
  const [[project], [position], [user], form] = await Promise.all([
    db.select({ title: projects.title }).from(projects).where(eq(projects.id, row.projectId)),
    db.select({ name: positions.name }).from(positions).where(eq(positions.id, row.positionId)),
    db.select({ name: users.name }).from(users).where(eq(users.id, row.userId)),
    requireForm(db, row.projectId),
  ]);
  const candidate = candidateOf(form.fields, row.values, user?.name ?? '');
  const facts = {
    ApplyId: row.id,
    ProjectTitle: project?.title ?? '',
    PositionName: position?.name ?? '',
    CandidateName: maskName(candidate.name),
    IdNumber: candidate.idNumber ? maskIdNumber(candidate.idNumber) : '',
  };
  if (kind === 'Apply') {
    // The retention period over, what was sent is gone: nothing left to attest anew.
    if (row.sensitiveErasedAt) return null;
    return {
      Kind: kind,
      ...facts,
      Digest: await formDigest(deps, row.values),
      SubmittedAt: row.submittedAt.toISOString(),
    };
  }
  const [submission] = await db
    .select({ answers: examSubmissions.answers, submittedAt: examSubmissions.submittedAt })
    .from(examSubmissions)
    .where(eq(examSubmissions.applicationId, row.id));
  if (!submission) return null;
  return {
    Kind: kind,
    ...facts,
    Digest: answersDigest(submission.answers),
    SubmittedAt: submission.submittedAt.toISOString(),
  };
}

/** The signed address: the attested facts themselves (base64url JSON) and their signature. */
export function receiptCheckUrl(
  publicUrl: string,
  secrets: Pick<ServerSecrets, 'receiptKeys'>,
  attested: Attested,
): string {
  const text = Buffer.from(canonicalJson(attested)).toString('base64url');
  const url = new URL(RECEIPT_CHECK_PATH, `${publicUrl}/`);
  url.searchParams.set('R', text);
  url.searchParams.set('Sig', serverSignature(secrets.receiptKeys, PURPOSE, text));
  return url.href;
}

const NO_RECEIPT: Record<ReceiptKind, string> = {
  Apply: '报名表尚未提交，提交后即可查看报名回执',
  Exam: '尚未交卷，交卷后即可查看考试回执',
};

/** ProjectFlow/GetReceipt: the candidate's own receipt; another's application is not found. */
export async function getReceipt(
  deps: ReceiptDeps,
  userId: number,
  applyId: number,
  kind: ReceiptKind,
): Promise<Receipt> {
  const row = await requireOwnApplication(deps.db, userId, applyId);
  const attested = await attestedOf(deps, row, kind);
  if (!attested)
    throw conflict(
      row.submittedAt && kind === 'Apply'
        ? '报名资料已按保存期限清除，不再出具报名回执'
        : NO_RECEIPT[kind],
    );
  const verifyUrl = receiptCheckUrl(deps.config.publicUrl, deps.secrets, attested);
  return { ...attested, VerifyUrl: verifyUrl, QrDataUrl: await qrCodeDataUrl(verifyUrl) };
}

/**
 * What a receipt's address attests, when this server signed exactly these bytes (with any of its
 * receipt keys, retired ones too); null for anything else. It reads only the address: a receipt
 * stays checkable after the application's data is erased.
 */
export function checkReceipt(
  secrets: Pick<ServerSecrets, 'receiptKeys'>,
  text: string,
  signature: string,
): Attested | null {
  if (!text || !signature || !isServerSignature(secrets.receiptKeys, PURPOSE, text, signature))
    return null;
  try {
    const parsed = attestedSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
