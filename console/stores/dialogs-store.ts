import { create } from 'zustand';

/** The dialogs any screen's failure can open (spec section 8). */
export type GlobalDialog =
  | { kind: 'insufficient-balance'; message: string; datas: unknown }
  | { kind: 'shop-authorization'; datas: unknown }
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
