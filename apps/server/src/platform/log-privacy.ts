import type { FastifyRequest } from 'fastify';

/** Fields that name a person, wherever a log line carries them (pino's redact, one level deep). */
const PERSONAL_FIELDS = [
  'idNumber',
  'IdNumber',
  'mobile',
  'Mobile',
  'realName',
  'RealName',
  'password',
  'Password',
];

/**
 * A log line never carries personal data: the request is logged by its path (a query string can
 * hold a mobile or a code), without headers (the token), and the known fields are censored
 * wherever a line carries them.
 */
export const privateLogOptions = {
  redact: {
    paths: PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
    censor: '[已隐去]',
  },
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: request.url.split('?')[0],
      remoteAddress: request.ip,
    }),
  },
};
