import type { Endpoint } from '@shared/contracts/define-endpoint';

/** A declaration of the table with its name (`wallet.summary`). */
interface Declared {
  name: string;
  endpoint: Endpoint;
}

const callOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpoint.method} ${endpoint.path}`;

/**
 * What is wrong between the endpoint table and the server's routes: two declarations of one
 * method and path, a declaration no route serves, a route that serves no declaration of the
 * table (an address written on the server alone), and a declaration served twice.
 */
export function tableProblems(
  declared: readonly Declared[],
  routes: readonly { endpoint: Endpoint }[],
): string[] {
  const problems: string[] = [];
  const byCall = new Map<string, string[]>();
  for (const { name, endpoint } of declared)
    byCall.set(callOf(endpoint), [...(byCall.get(callOf(endpoint)) ?? []), name]);
  for (const [call, names] of byCall)
    if (names.length > 1)
      problems.push(`${call}: declared ${names.length} times (${names.join(', ')})`);

  const served = new Map<Endpoint, number>();
  for (const route of routes) served.set(route.endpoint, (served.get(route.endpoint) ?? 0) + 1);
  for (const { name, endpoint } of declared) {
    const count = served.get(endpoint) ?? 0;
    if (count === 0) problems.push(`${name} (${callOf(endpoint)}): no server route`);
    if (count > 1) problems.push(`${name} (${callOf(endpoint)}): served ${count} times`);
  }
  const known = new Set(declared.map(({ endpoint }) => endpoint));
  for (const route of routes)
    if (!known.has(route.endpoint))
      problems.push(`${callOf(route.endpoint)}: served but not declared`);
  return problems;
}
