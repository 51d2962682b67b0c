declare module 'cloudflare:test' {
  export const env: Record<string, unknown>;
  export function createExecutionContext(): { waitUntil(promise: Promise<unknown>): void };
  export function waitOnExecutionContext(ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<void>;
}
