import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
let requested = false;

/**
 * Shows a toast. The notifications code (and its container) loads on the first toast rather
 * than with the page, so screens that never toast do not pay for it.
 */
export function toast(options: {
  message: string;
  color: 'red' | 'green' | 'blue';
  autoClose?: number;
}): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ ...options, autoClose: options.autoClose ?? 3000 }),
  );
}

/** True once something asked for a toast: the providers then mount the toast container. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
