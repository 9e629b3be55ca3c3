import type { TokenResponse } from '#schemas/auth';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface Call {
  method: string;
  url: string;
  params: Record<string, unknown>;
  authorization: string | null;
  data: unknown;
}

export type Reply = { status: number; data?: unknown } | 'network-error';
export type Handler = (call: Call) => Reply | Promise<Reply>;

/** An axios adapter that answers from `handler` and records every call that reached "the network". */
export function fakeAdapter(handler: Handler): { adapter: AxiosAdapter; calls: Call[] } {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...(config.params as Record<string, unknown>) },
      authorization: (headers.get('Authorization') as string | undefined) ?? null,
      data: typeof config.data === 'string' ? config.data : config.data,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data,
      headers: {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
  return { adapter, calls };
}

export const tokens = (access: string, refresh?: string, expiresIn = 900): TokenResponse => ({
  access_token: access,
  token_type: 'bearer',
  ...(refresh && { refresh_token: refresh }),
  expires_in: expiresIn,
  scope: 'write',
});
