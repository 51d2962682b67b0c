/** The newest migration this version of the app is built for; `npm run db:schema` writes this file. */
export const LATEST_MIGRATION = '20261208000100_purchases_added_once';
