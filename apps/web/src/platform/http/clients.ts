import {
  CLIENT_IDS,
  CLIENT_SERVICE,
  type ClientId,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '@portal/contracts';
import { runtimeConfig, serviceEndpointOf } from '../runtime-config';
import { type CallOptions, createHttpClient, type HttpClient } from './http-client';

/** §7: the eight clients; a preview client uses its service's endpoint. */
export const HTTP_CLIENTS = Object.fromEntries(
  CLIENT_IDS.map((id) => [
    id,
    createHttpClient(id, () => serviceEndpointOf(runtimeConfig(), CLIENT_SERVICE[id])),
  ]),
) as Record<ClientId, HttpClient>;

/** Calls an endpoint of the contract through the client it belongs to. */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options?: CallOptions,
): Promise<ResponseOf<E>> {
  return HTTP_CLIENTS[endpoint.client].call(endpoint, input, options);
}
