import { create } from 'zustand';

/** The dialogs any screen's failure can open (spec section 8). */
export type GlobalDialog =
  | { kind: 'insufficient-balance'; message: string; datas: unknown }
  | {
      kind: 'shop-authorization';
      /** PLATFORM_OAUTH_ERROR (an authorization went abnormal) or NO_AUTHORIZED_PLATFORM (none yet). */
      key?: string | null;
      /** The server's translated words for it. */
      message?: string | null;
      /** As the server sent it; its `crossBorder` flag says which kind of shop is needed. */
      datas: unknown;
    }
  | { kind: 'store-open'; datas: unknown }
  | { kind: 'payment'; datas: unknown };

interface DialogsState {
  current: GlobalDialog | null;
  open(dialog: GlobalDialog): void;
  close(): void;
}

export const useDialogsStore = create<DialogsState>()((set) => ({
  current: null,
  open: (dialog) => set({ current: dialog }),
  close: () => set({ current: null }),
}));
