/** Build-time settings of the extension (wxt.config.ts fills them from the environment). */
export const extensionConfig = {
  /** Origin of the console and API the extension works with. */
  consoleOrigin: import.meta.env.WXT_CONSOLE_ORIGIN as string,
};
