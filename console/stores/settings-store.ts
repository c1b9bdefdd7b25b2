import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Default theme colour and the brand colour (spec section 9). */
export const DEFAULT_THEME_COLOR = '#409EFF';
export const BRAND_COLOR = '#eb5850';

/** The settings panel's choices (spec section 3, theme settings); kept across reloads. */
export interface ThemeSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

const DEFAULT_SETTINGS: ThemeSettings = {
  themeColor: DEFAULT_THEME_COLOR,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
};

interface SettingsState extends ThemeSettings {
  /** The panel is open (not kept). */
  showSettings: boolean;
  change<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]): void;
  reset(): void;
  setShowSettings(open: boolean): void;
}

const HEX = /^#[0-9a-f]{6}$/i;

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      showSettings: false,
      change: (key, value) => set({ [key]: value }),
      reset: () => set(DEFAULT_SETTINGS),
      setShowSettings: (open) => set({ showSettings: open }),
    }),
    {
      name: 'cmp-settings',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ themeColor, tagsView, fixedHeader, sidebarLogo, supportPinyinSearch }) => ({
        themeColor,
        tagsView,
        fixedHeader,
        sidebarLogo,
        supportPinyinSearch,
      }),
      // A damaged or hand-edited entry falls back to the defaults, field by field.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<ThemeSettings>;
        const flag = (key: Exclude<keyof ThemeSettings, 'themeColor'>) =>
          typeof saved[key] === 'boolean' ? saved[key] : current[key];
        return {
          ...current,
          themeColor:
            typeof saved.themeColor === 'string' && HEX.test(saved.themeColor)
              ? saved.themeColor
              : current.themeColor,
          tagsView: flag('tagsView'),
          fixedHeader: flag('fixedHeader'),
          sidebarLogo: flag('sidebarLogo'),
          supportPinyinSearch: flag('supportPinyinSearch'),
        };
      },
    },
  ),
);
