declare module 'vitest' {
  export interface ProvidedContext {
    dbRuntime: 'pglite' | 'postgres';
    pgliteTemplate: string;
    postgresTemplate: string;
    /** The browser and server tests' embedded database, migrated and with the demo data (a folder). */
    appTemplate: string;
  }
}
export {};
