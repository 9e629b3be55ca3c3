import type { AxiosRequestConfig } from 'axios';
import {
  pathOf,
  type RouteAnswer,
  type RouteContract,
  type RouteInput,
  type RouteParams,
  type RouteQuery,
} from '#schemas/contract';
import { http } from './http';

type Args<C extends RouteContract> =
  object extends RouteInput<C>
    ? [input?: RouteInput<C>, config?: AxiosRequestConfig]
    : [input: RouteInput<C>, config?: AxiosRequestConfig];

/**
 * Calls the API as a contract (schemas/contracts/) describes it: the URL from its path and
 * `params`, `query` and `body` typed by its schemas, the answer typed by its 2xx answers.
 * A call without a body that is not a GET sends `{}` (axios labels an empty POST as a form,
 * which the API refuses).
 */
export async function call<const C extends RouteContract>(
  contract: C,
  ...[input, config]: Args<C>
): Promise<RouteAnswer<C>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: object; body?: unknown };
  const response = await http.request<RouteAnswer<C>>({
    ...config,
    method: contract.method,
    url: pathOf(contract, params),
    params: query,
    data: body ?? (contract.method === 'GET' || contract.method === 'DELETE' ? undefined : {}),
  });
  return response.data;
}

/** Calls a contract whose answer is a file (an attachment, a CSV export): the file's bytes. */
export async function download<const C extends RouteContract>(contract: C, ...[input, config]: Args<C>): Promise<Blob> {
  return (await call(contract, ...([input, { ...config, responseType: 'blob' }] as Args<C>))) as Blob;
}

/** Sends a multipart upload (its contract declares no JSON body) to the contract's path. */
export async function upload<const C extends RouteContract>(
  contract: C,
  params: RouteParams<C>,
  query: RouteQuery<C>,
  form: FormData,
): Promise<RouteAnswer<C>> {
  const url = pathOf(contract, params as Record<string, unknown>);
  return (await http.request<RouteAnswer<C>>({ method: contract.method, url, params: query, data: form })).data;
}
