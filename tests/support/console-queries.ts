import {
  type ByRoleMatcher,
  type ByRoleOptions,
  getConfig,
  queryAllByRole,
  waitFor,
} from '@testing-library/react';

/** Where Mantine draws what opens over the page: dialogs, drawers, menus, dropdowns, toasts. */
function portals(): HTMLElement[] {
  return [...document.body.querySelectorAll<HTMLElement>(':scope > [data-portal]')];
}

/**
 * The one element of `role` (and name) among Mantine's portals, as `screen.findByRole` finds it
 * (accessible only, one match), waited for. A role query over the whole console works out the
 * role of every element of the page at every try; what a dialog or a dropdown shows is drawn
 * apart from it, and only that is searched.
 */
export function findInPortals(role: ByRoleMatcher, options?: ByRoleOptions): Promise<HTMLElement> {
  return waitFor(() => {
    const found = queryAllInPortals(role, options);
    const [only] = found;
    if (only && found.length === 1) return only;
    const named = options?.name === undefined ? '' : ` and name "${String(options.name)}"`;
    throw getConfig().getElementError(
      found.length === 0
        ? `Unable to find an accessible element with the role "${String(role)}"${named} in the page's portals`
        : `Found ${found.length} elements with the role "${String(role)}"${named} in the page's portals`,
      document.body,
    );
  });
}

/** Every accessible element of `role` (and name) among Mantine's portals, at once. */
export function queryAllInPortals(role: ByRoleMatcher, options?: ByRoleOptions): HTMLElement[] {
  return portals().flatMap((portal) => queryAllByRole(portal, role, options));
}
