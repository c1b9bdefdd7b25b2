/** The ways into /login: password (default), an e-mail code, or a new account. */
export const LOGIN_VIEWS = ['password', 'code', 'register'] as const;
export type LoginView = (typeof LOGIN_VIEWS)[number];
