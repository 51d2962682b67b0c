import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../worker/src/http/security.ts';

describe('security headers', () => {
  it('are the same for the web app on Cloudflare (web/public/_headers) as from the API', () => {
    const file = readFileSync(new URL('../../web/public/_headers', import.meta.url), 'utf8');
    const headers = Object.fromEntries(
      file
        .split('\n')
        .filter((line) => /^\s+\S/.test(line))
        .map((line) => line.trim().split(/:\s(.*)/s).slice(0, 2)),
    );
    expect(headers).toEqual(securityHeaders);
  });
});
