import { Center, Loader } from '@mantine/core';
import { useMatches, useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { readBootConfig } from '../platform/boot';
import { type ExternalLinkName, externalLinks } from '../platform/routing';

/**
 * The page of an external link of the route table, for whoever opens its path in the console
 * (the sidebar opens the address itself in a new tab): it replaces itself with the address, or
 * goes to /404 when none is configured. The link is the route's (`external`), or `name`.
 */
export function ExternalLinkPage({ name: given }: { name?: ExternalLinkName } = {}) {
  const router = useRouter();
  const win = useRouteContext({ from: '__root__', select: (context) => context.win });
  const routed = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.external)?.staticData.external,
  });
  const name = given ?? routed;
  useEffect(() => {
    const href = name && externalLinks(readBootConfig(document).mainSite, router.basepath)[name];
    if (href) win.location.replace(href);
    else void router.navigate({ to: '/404', replace: true });
  }, [name, router, win]);
  return (
    <Center p="xl" role="status">
      <Loader />
    </Center>
  );
}
