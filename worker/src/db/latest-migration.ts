/** The newest migration this version of the app is built for; `npm run db:schema` writes this file. */
export const LATEST_MIGRATION = '20261207000100_balances_by_day';
