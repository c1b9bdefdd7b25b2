/**
 * The features that live in the shell (header buttons, popups, trackers), composed here and
 * handed to the layout, so the layout never imports a feature. Each loads after the shell, in its
 * own chunk, and a part whose code or words fail to load leaves the rest of the shell working.
 */
import type { FlatNamespace } from 'i18next';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellLayout } from '../layout/shell-layout';
import type { ShellParts } from '../layout/shell-parts';

/** A failed part renders nothing instead of taking the shell down. */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part loads its code, then its words, and shows nothing until both are there. It waits for
 * its words without suspending: a component that suspends on them is handed a new promise on
 * every render, which makes React render it again and again while they load.
 */
function part<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly FlatNamespace[] = [],
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Worded(props: P) {
    const { ready } = useTranslation(namespaces, { useSuspense: false });
    return ready ? <Lazy {...props} /> : null;
  }
  return function ShellPart(props: P) {
    return (
      <Quiet>
        <Suspense fallback={null}>
          <Worded {...props} />
        </Suspense>
      </Quiet>
    );
  };
}

const MessageBell = part(
  () => import('../features/messages/message-bell').then((m) => m.MessageBell),
  ['messages'],
);
const HelpButton = part(
  () => import('../features/help/help-spotlight').then((m) => m.HelpButton),
  ['help'],
);
const HelpSpotlight = part(
  () => import('../features/help/help-spotlight').then((m) => m.HelpSpotlight),
  ['help'],
);
const CustomerServiceButton = part(
  () => import('../features/support/customer-service-button').then((m) => m.CustomerServiceButton),
  ['support'],
);
const DownloadAppButton = part(
  () => import('../features/support/download-app-popover').then((m) => m.DownloadAppButton),
  ['support'],
);
const AnnouncementPopup = part(
  () => import('../features/announcements/announcement-popup').then((m) => m.AnnouncementPopup),
  ['notices'],
);
const GuidedTour = part(() => import('../features/guide/guided-tour').then((m) => m.GuidedTour));
const StoreOpenDialog = part(() =>
  import('../features/purchases/store-open-modal').then((m) => m.StoreOpenModal),
);
const ActivityTracker = part(() =>
  import('../features/activity/activity-tracker').then((m) => m.ActivityTracker),
);
const BrowserNotice = part(() =>
  import('../components/browser-notice').then((m) => m.BrowserNotice),
);

const SHELL_PARTS: ShellParts = {
  MessageBell,
  HelpButton,
  HelpSpotlight,
  CustomerServiceButton,
  DownloadAppButton,
  AnnouncementPopup,
  GuidedTour,
  ActivityTracker,
  StoreOpenDialog,
  BrowserNotice,
};

/** The signed-in shell with the features that live in it. */
export function ConsoleShell() {
  return <ShellLayout parts={SHELL_PARTS} />;
}
