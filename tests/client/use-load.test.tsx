import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeptLoad, useLoad } from '#client/ui/page/use-load';

/** A load whose answers the test gives by hand, one per call. */
function controlled() {
  const calls: Array<{ resolve: (value: string) => void; reject: (error: unknown) => void }> = [];
  const load = () => new Promise<string>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

describe('useLoad', () => {
  it('loads per key, drops an answer for an older key, and reports a failure', async () => {
    const { load, calls } = controlled();
    const { result, rerender } = renderHook(({ key }) => useLoad(load, key), { initialProps: { key: 'a' } });
    expect(result.current.state).toEqual({ status: 'loading' });
    rerender({ key: 'b' });
    await act(async () => calls[0]!.resolve('old'));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => calls[1]!.resolve('b'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'b' });
    act(() => result.current.set('saved'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'saved' });
    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => calls[2]!.reject(new Error('down')));
    expect(result.current.state).toEqual({ status: 'failed', error: new Error('down') });
  });
});

describe('useKeptLoad', () => {
  it('keeps the last answer while another key loads and after a failure', async () => {
    const { load, calls } = controlled();
    const { result, rerender } = renderHook(({ key }) => useKeptLoad(load, key), { initialProps: { key: 'a' } });
    expect(result.current).toMatchObject({ data: null, loading: true, error: null });
    await act(async () => calls[0]!.resolve('a'));
    expect(result.current).toMatchObject({ data: 'a', loading: false, error: null });
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ data: 'a', loading: true, error: null });
    await act(async () => calls[1]!.reject(undefined));
    expect(result.current).toMatchObject({ data: 'a', loading: false, error: new Error('failed') });
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 'a', loading: true, error: null });
    await act(async () => calls[2]!.resolve('b'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'b', loading: false, error: null }));
  });
});
