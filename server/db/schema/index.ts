export { sessions } from './sessions';
export { sites } from './sites';
export { users } from './users';
