declare module 'vitest' {
  export interface ProvidedContext {
    dbRuntime: 'pglite' | 'postgres';
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
export {};
