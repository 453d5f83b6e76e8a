import { ApiError, http, isSuccess, request } from './client';

describe('request', () => {
  const adapter = (body: unknown) => async (config: object) => ({ data: body, status: 200, statusText: 'OK', headers: {}, config });

  it('treats code 0 and 200 as success and returns data', async () => {
    expect(isSuccess({ code: 0 })).toBe(true);
    expect(isSuccess({ code: 200 })).toBe(true);
    await expect(request({ url: '/x', adapter: adapter({ code: 0, msg: '', data: { a: '1.50' } }) as never })).resolves.toEqual({ a: '1.50' });
  });

  it('rejects any other code with the server message', async () => {
    const failing = request({ url: '/x', adapter: adapter({ code: 301, msg: 'Login session expired', data: null }) as never });
    await expect(failing).rejects.toEqual(new ApiError(301, 'Login session expired'));
  });

  it('times out after 60 s', () => {
    expect(http.defaults.timeout).toBe(60_000);
  });
});
