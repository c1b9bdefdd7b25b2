/** The console's build-time settings; the only reader of import.meta.env in the console. */
export const consoleEnv = {
  /** Where the API lives; the console is normally served by the API server itself. */
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) || window.location.origin,
};
