/** The newest migration this version of the app is built for; `npm run db:schema` writes this file. */
export const LATEST_MIGRATION = '20261206000100_kept_totals_by_statement';
