/** Marks the window messages between the console page and the extension's bridge. */
export const BRIDGE_CHANNEL = 'cmp-session-bridge';
