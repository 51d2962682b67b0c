declare module 'cloudflare:test' {
  export const env: Record<string, unknown>;
  export const SELF: { fetch(input: URL | string, init?: RequestInit): Promise<Response> };
}
