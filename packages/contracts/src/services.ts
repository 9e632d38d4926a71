/** §1: the six platform services (ids prefixed exam-). */
export const SERVICE_IDS = [
  'exam-flow',
  'exam-message',
  'exam-account',
  'exam-payment',
  'exam-expand',
  'exam-custom',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** §7: eight clients — one per service, plus a preview client on exam-flow and one on exam-expand. */
export const CLIENT_IDS = [...SERVICE_IDS, 'exam-flow-preview', 'exam-expand-preview'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

export const CLIENT_SERVICE: Record<ClientId, ServiceId> = {
  'exam-flow': 'exam-flow',
  'exam-message': 'exam-message',
  'exam-account': 'exam-account',
  'exam-payment': 'exam-payment',
  'exam-expand': 'exam-expand',
  'exam-custom': 'exam-custom',
  'exam-flow-preview': 'exam-flow',
  'exam-expand-preview': 'exam-expand',
};

export function isServiceId(value: string): value is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(value);
}
