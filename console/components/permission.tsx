import { createContext, type ReactNode, useContext } from 'react';

/** The buttons the server granted on the current page (its menu entry's `meta.button`). */
const ButtonsContext = createContext<readonly string[]>([]);

export const ButtonsProvider = ButtonsContext.Provider;

/** Whether the current page's button list holds this value. */
export function usePermission(value: string): boolean {
  return useContext(ButtonsContext).includes(value);
}

/**
 * The button-permission rule (spec section 6): its children show only when `value` is in the
 * current page's button list; an empty list removes them.
 */
export function Permission({ value, children }: { value: string; children: ReactNode }) {
  return usePermission(value) ? children : null;
}
