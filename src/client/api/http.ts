import axios from 'axios';

/**
 * The one HTTP client of the app. Every call goes through it so that headers, and later the
 * auth and refresh interceptors (spec §4, §8), apply everywhere.
 */
export const http = axios.create({
  baseURL: '/api',
  // Default headers mark the client as web (spec §7).
  headers: { 'X-Client': 'web' },
  timeout: 30_000,
});
