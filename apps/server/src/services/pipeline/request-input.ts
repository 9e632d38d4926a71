import {
  envelopeSchema,
  ERROR_CODES,
  MAX_UPLOAD_BYTES,
  readQueryText,
  type Endpoint,
} from '@portal/contracts';
import type { FastifyRequest, FastifySchema, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { badRequest, DomainError } from '../../domain/errors.js';
import type { UploadedFile } from '../route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** multipart calls: the files sent, read with the form's fields before they are parsed. */
    uploadedFiles: UploadedFile[] | null;
  }
}

/** What @fastify/multipart accepts for a call's files. */
export const MULTIPART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 };

/**
 * The contract's schemas, checked by fastify-type-provider-zod: the query (its text read as the
 * fields' types first) or the body, and the envelope of a success, so an answer that breaks the
 * contract is our 500, logged, never the caller's problem.
 */
export function contractSchemas(endpoint: Endpoint): FastifySchema {
  const response = { 200: envelopeSchema(endpoint.response) };
  if (endpoint.method === 'GET')
    return {
      querystring: z.preprocess(
        (query) => readQueryText(endpoint.request, query as Record<string, unknown>),
        endpoint.request,
      ),
      response,
    };
  return { body: endpoint.request, response };
}

/** The call's input as the contract parsed it. */
export function parsedInputOf(request: FastifyRequest, endpoint: Endpoint): unknown {
  return endpoint.method === 'GET' ? request.query : request.body;
}

async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push({
          fileName: part.filename,
          contentType: part.mimetype,
          data: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The parser's own refusals (too large, too many files) carry a 4xx; anything else it throws
    // (no boundary, a body cut short) is a malformed upload, not our failure.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('上传内容不完整或格式有误，请重新选择文件上传');
  }
  return { fields, files };
}

/** Postgres text cannot hold NUL; no field of ours has a use for it. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value))
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  return false;
}

/**
 * The raw input made ready for the contract's check: a multipart form's fields become the body
 * (its files are kept aside), an empty JSON body an empty object; NUL is refused in any of them.
 */
export function readRawInput(endpoint: Endpoint): preValidationHookHandler {
  return async (request) => {
    if (endpoint.method !== 'GET') {
      if (endpoint.body === 'multipart') {
        if (!request.isMultipart())
          throw new DomainError(
            ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
            '上传请使用 multipart/form-data',
          );
        const form = await readMultipart(request);
        request.body = form.fields;
        request.uploadedFiles = form.files;
      } else request.body ??= {};
    }
    if (containsNul(parsedInputOf(request, endpoint)))
      throw badRequest('参数中不能含有空字符（\\0），请删除后重试');
  };
}
