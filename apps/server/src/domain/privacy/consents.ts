import { createHash } from 'node:crypto';
import {
  GUARDIAN_CONSENT_REQUIRED,
  isSensitiveField,
  needsGuardianConsent,
  SENSITIVE_CONSENT_REQUIRED,
  type FormField,
  type FormValues,
  type GuardianConsent,
  type SensitiveConsent,
} from '@portal/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { consents, type ConsentKind } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { beijingDate } from '../../platform/beijing-time.js';
import { consumeVerifyToken } from '../accounts/sms.js';
import { badRequest } from '../errors.js';

/** The versions of the texts a person agrees to at sign-up (each text says its version and date). */
export const POLICY_VERSIONS = {
  'user-agreement': '2026-11-26',
  'privacy-policy': '2026-11-26',
} as const satisfies Partial<Record<ConsentKind, string>>;

/** Who receives an application's sensitive values (said in the consent and the privacy policy). */
export const SENSITIVE_RECIPIENT = '本项目主办单位的资格审核人员';

/** A consent to record: its text's version, and for a child's application who consented. */
export interface ConsentGiven {
  kind: ConsentKind;
  version: string;
  applicationId?: number;
  guardian?: { name: string; mobile: string };
}

export async function recordConsents(
  db: Database,
  given: { userId: number; kinds: ConsentGiven[]; address: string | null; at: Date },
): Promise<void> {
  if (given.kinds.length === 0) return;
  await db.insert(consents).values(
    given.kinds.map(({ kind, version, applicationId, guardian }) => ({
      userId: given.userId,
      kind,
      version,
      applicationId: applicationId ?? null,
      guardianName: guardian?.name ?? null,
      guardianMobile: guardian?.mobile ?? null,
      address: given.address?.slice(0, 64) ?? null,
      grantedAt: given.at,
    })),
  );
}

/** A form's version for consent: what its sensitive fields are, so a change asks again. */
export function sensitiveFormVersion(formId: number, fields: FormField[]): string {
  const asked = fields
    .filter(isSensitiveField)
    .map((field) => [field.FieldId, field.Label, field.Type]);
  const digest = createHash('sha256').update(JSON.stringify(asked)).digest('hex').slice(0, 16);
  return `form-${formId}-${digest}`;
}

async function consentOnRecord(
  db: Database,
  applicationId: number,
  kind: ConsentKind,
  version?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.applicationId, applicationId),
        eq(consents.kind, kind),
        version === undefined ? undefined : eq(consents.version, version),
        isNull(consents.withdrawnAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
const sensitiveConsentOnRecord = (db: Database, applicationId: number, version: string) =>
  consentOnRecord(db, applicationId, 'sensitive-information', version);

/** The version of what a guardian agrees to: the sensitive-information rules and the policy. */
export const GUARDIAN_CONSENT_VERSION = 'guardian-2026-11-26';

/** This application's guardian consent is on record (GetForm: a returned one is not asked again). */
export const guardianConsentOnRecord = (db: Database, applicationId: number | null) =>
  applicationId === null ? Promise.resolve(false) : consentOnRecord(db, applicationId, 'guardian');

/**
 * Refuses the application of a child under 14 (by the form's ID number, on the server's Beijing
 * date) without their guardian's consent (PIPL art. 31): the guardian's name, their mobile proved
 * by a code (scene GuardianConsent) and their tick; unless this application already holds one.
 * Asked last, so a refusal for anything else leaves the guardian's proof unspent.
 */
export async function requireGuardianConsent(
  deps: Pick<AppDeps, 'db' | 'store'>,
  check: { fields: FormField[]; values: FormValues; now: Date },
  sent: GuardianConsent | undefined,
  applicationId: number | null,
): Promise<ConsentGiven | null> {
  if (!needsGuardianConsent(check.fields, check.values, beijingDate(check.now))) return null;
  if (sent) {
    await consumeVerifyToken(deps, {
      token: sent.VerifyToken,
      mobile: sent.Mobile,
      scene: 'GuardianConsent',
    });
    return {
      kind: 'guardian',
      version: GUARDIAN_CONSENT_VERSION,
      guardian: { name: sent.Name, mobile: sent.Mobile },
    };
  }
  if (await guardianConsentOnRecord(deps.db, applicationId)) return null;
  throw badRequest(GUARDIAN_CONSENT_REQUIRED, { Guardian: GUARDIAN_CONSENT_REQUIRED });
}

/** What the form's separate consent says, or null when it asks nothing sensitive. */
export async function sensitiveConsentOf(
  db: Database,
  form: { id: number; fields: FormField[] },
  applicationId: number | null,
  retentionDays: number,
): Promise<SensitiveConsent | null> {
  const asked = form.fields.filter(isSensitiveField);
  if (asked.length === 0) return null;
  const version = sensitiveFormVersion(form.id, form.fields);
  return {
    Version: version,
    Fields: asked.map((field) => field.Label),
    RetentionDays: retentionDays,
    Recipient: SENSITIVE_RECIPIENT,
    Given: applicationId !== null && (await sensitiveConsentOnRecord(db, applicationId, version)),
  };
}

/**
 * Refuses a form with sensitive fields sent without its consent (PIPL art. 29), unless this
 * application already holds it for the same version. Returns the consent to record, if any.
 */
export async function requireSensitiveConsent(
  db: Database,
  form: { id: number; fields: FormField[] },
  sent: boolean | undefined,
  applicationId: number | null,
): Promise<{ kind: 'sensitive-information'; version: string } | null> {
  if (!form.fields.some(isSensitiveField)) return null;
  const version = sensitiveFormVersion(form.id, form.fields);
  if (sent === true) return { kind: 'sensitive-information', version };
  if (applicationId !== null && (await sensitiveConsentOnRecord(db, applicationId, version)))
    return null;
  throw badRequest(SENSITIVE_CONSENT_REQUIRED, { SensitiveConsent: SENSITIVE_CONSENT_REQUIRED });
}

export type PolicyKind = keyof typeof POLICY_VERSIONS;

/** The texts whose current version the person has not accepted (a changed policy asks again). */
export async function policiesToAccept(db: Database, userId: number): Promise<PolicyKind[]> {
  const kinds = Object.keys(POLICY_VERSIONS) as PolicyKind[];
  const accepted = await db
    .select({ kind: consents.kind })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        inArray(consents.kind, kinds),
        inArray(consents.version, Object.values(POLICY_VERSIONS)),
        isNull(consents.withdrawnAt),
      ),
    );
  return kinds.filter((kind) => !accepted.some((row) => row.kind === kind));
}

/** Records the current versions of these texts as accepted. */
export function acceptPolicies(
  db: Database,
  given: { userId: number; kinds: PolicyKind[]; address: string | null; at: Date },
): Promise<void> {
  return recordConsents(db, {
    ...given,
    kinds: given.kinds.map((kind) => ({ kind, version: POLICY_VERSIONS[kind] })),
  });
}
