import { ROLES } from '@shared/permissions';
import type { Actor } from '../context';
import { AppError } from './errors';

/**
 * Our operator roles (decisions.md): the staff who take the steps a seller never can, publish
 * announcements and help articles. Every role but a seller's (main or sub-account).
 */
const OPERATOR_ROLES: readonly string[] = ROLES.filter(
  (role) => role === 'PURCHASER' || role === 'STOREKEEPER' || role === 'SERVICE_OPERATOR',
);

/** Whether the actor holds one of our operator roles. */
export function isOperator(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((role) => OPERATOR_ROLES.includes(role));
}

/** Operators' work: a seller (main or sub-account) gets PERMISSION_DENIED. */
export function assertOperator(actor: Pick<Actor, 'roles'>): void {
  if (!isOperator(actor)) throw new AppError('PERMISSION_DENIED');
}
