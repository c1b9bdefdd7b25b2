import type { ComponentType } from 'react';

/** A page of the menu as the help search lists it: translated titles. */
interface SearchableMenu {
  title: string;
  path: string;
  parents?: string[];
}

/**
 * The features that live in the shell (header buttons, popups, trackers). console/app hands them
 * in, so the layout imports no feature.
 */
export interface ShellParts {
  MessageBell: ComponentType;
  HelpButton: ComponentType;
  HelpSpotlight: ComponentType<{ menus: SearchableMenu[]; pinyinSearch: boolean }>;
  CustomerServiceButton: ComponentType;
  DownloadAppButton: ComponentType;
  AnnouncementPopup: ComponentType;
  GuidedTour: ComponentType;
  ActivityTracker: ComponentType;
  BrowserNotice: ComponentType;
  /** The store-open dialog (WAREHOUSE_NOT_BUY): inside the shell, where its queries run. */
  StoreOpenDialog: ComponentType;
}
