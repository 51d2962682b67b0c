import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_ASKS_SCRIPT_HASH, securityHeaders } from '../../worker/src/http/security.ts';

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

  it("allow index.html's one inline script, by its hash", () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(1);
    expect(FIRST_ASKS_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(scripts[0]).digest('base64')}'`);
  });
});
