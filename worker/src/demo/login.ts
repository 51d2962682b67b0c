/** The demo logins' password, published in the README and the console. */
export const DEMO_PASSWORD = 'wheelhouse-demo';

export const DEMO_LOGIN = { email: 'demo@wheelhouse.local', password: DEMO_PASSWORD, name: 'Dana Demo' };
/** A member of staff at the second branch, to see what staff see. */
export const DEMO_STAFF_LOGIN = { email: 'counter@wheelhouse.local', password: DEMO_PASSWORD, name: 'Casey Counter' };
