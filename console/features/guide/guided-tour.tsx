import type { FloatingPosition } from '@mantine/core';
import { Text, Tour } from '@mantine/core';
import type { Guide, GuideOutcome } from '@shared/contracts/guide';
import type { UserInfo } from '@shared/contracts/users';
import { useApi } from '@shared/queries/api-context';
import { useRecordGuide } from '@shared/queries/guide';
import { usePopupNotices } from '@shared/queries/notices';
import { useSession, useSessionStore } from '@shared/session/react';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tours run on the dashboard, where a new account lands: the page marks itself with
 * `data-guide-page="dashboard"` and its cards with `data-tour="dashboard-…"`; the sidebar's menu
 * entries carry `data-tour="Product" | "Order" | "PurchaseAndWarehouse" | "AuthorizeList"`.
 */
const PAGE_SELECTOR = '[data-guide-page="dashboard"]';

/** The sidebar entries of the console tour (spec section 2, guided-tour targets). */
const MAIN_TARGETS = ['Product', 'Order', 'PurchaseAndWarehouse', 'AuthorizeList'] as const;
/** The dashboard cards of the dashboard tour. */
const DASHBOARD_TARGETS = {
  todo: 'dashboard-todo',
  chart: 'dashboard-chart',
  wallet: 'dashboard-wallet',
  notices: 'dashboard-notices',
  service: 'dashboard-service',
} as const;

/** How often a waiting tour looks for its page and targets (they render after data loads). */
export const LOOK_INTERVAL_MS = 700;

const FLAGS = {
  main: 'showGuideFlag',
  dashboard: 'showDashboardGuideFlag',
} as const satisfies Record<Guide, keyof UserInfo>;

interface StepDef {
  key: string;
  /** A CSS selector; none for a step shown in the middle of the screen. */
  target?: string;
  title: string;
  body: string;
  position: FloatingPosition;
}

const selectorOf = (name: string) => `[data-tour="${name}"]`;

/**
 * Whether a target is there to be shown: in the page, not hidden, and (where the browser lays
 * it out) not off the side of the screen, as the sidebar is while folded away on a phone.
 */
function isPresent(name: string): boolean {
  const element = document.querySelector<HTMLElement>(selectorOf(name));
  if (!element || element.closest('[hidden], [aria-hidden="true"]')) return false;
  if (window.getComputedStyle(element).display === 'none') return false;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return true;
  return rect.right > 0 && rect.left < window.innerWidth;
}

/** Another dialog (a popup announcement) goes first; the tour waits until it is closed. */
const anotherDialogOpen = () => document.querySelector('[aria-modal="true"]') !== null;

type T = TFunction<'guide'>;

function mainSteps(t: T): StepDef[] {
  const present = MAIN_TARGETS.filter(isPresent);
  if (present.length === 0) return [];
  return [
    {
      key: 'welcome',
      title: t('main.welcome.title'),
      body: t('main.welcome.body'),
      position: 'bottom',
    },
    ...present.map(
      (name): StepDef => ({
        key: name,
        target: selectorOf(name),
        title: t(`main.${name}.title`),
        body: t(`main.${name}.body`),
        position: 'right',
      }),
    ),
  ];
}

function dashboardSteps(t: T): StepDef[] {
  return (Object.entries(DASHBOARD_TARGETS) as [keyof typeof DASHBOARD_TARGETS, string][])
    .filter(([, name]) => isPresent(name))
    .map(([key, name]) => ({
      key,
      target: selectorOf(name),
      title: t(`dashboard.${key}.title`),
      body: t(`dashboard.${key}.body`),
      position: 'bottom',
    }));
}

/**
 * The guided tours: for a new account (userInfo.showGuideFlag) a tour of the sidebar's main
 * menus, then (showDashboardGuideFlag) a tour of the dashboard's cards. Steps whose target is not
 * on screen are left out. Next, back, skip and finish, arrows and Esc (skip). Finishing or
 * skipping is recorded on the server and the session's userInfo refreshed: the tour never shows
 * again. Mounted once in the shell; it takes no props.
 */
export function GuidedTour() {
  const { t, ready } = useTranslation('guide', { useSuspense: false });
  const session = useSession();
  const store = useSessionStore();
  const api = useApi();
  const record = useRecordGuide();
  const [running, setRunning] = useState<{ guide: Guide; steps: StepDef[] } | null>(null);
  const [step, setStep] = useState(0);
  /** Tours ended on this page load, whatever the server has heard yet. */
  const ended = useRef(new Set<Guide>());

  const user = session?.user;
  const pending: Guide | null = !user
    ? null
    : user.showGuideFlag && !ended.current.has('main')
      ? 'main'
      : user.showDashboardGuideFlag && !ended.current.has('dashboard')
        ? 'dashboard'
        : null;

  // Unseen popup announcements go first: the tour waits until the account's are known, and shown
  // and closed, so it never opens over them (the popup may arrive after the page's targets).
  const popups = usePopupNotices();
  const popupsFirst = popups.isPending || (popups.data?.length ?? 0) > 0;

  useEffect(() => {
    if (!ready || running || !pending || popupsFirst) return;
    const look = () => {
      if (!document.querySelector(PAGE_SELECTOR) || anotherDialogOpen()) return;
      const steps = pending === 'main' ? mainSteps(t) : dashboardSteps(t);
      if (steps.length === 0) return;
      setStep(0);
      setRunning({ guide: pending, steps });
    };
    // At once (the popup just closed, say), then until the page and its targets are there.
    look();
    const timer = window.setInterval(look, LOOK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [ready, running, pending, popupsFirst, t]);

  const end = useCallback(
    (guide: Guide, outcome: GuideOutcome) => {
      ended.current.add(guide);
      setRunning(null);
      // The session forgets the tour at once (every tab, the extension); the server's answer follows.
      const current = store.getState().snapshot.session?.user;
      if (current) store.getState().updateUser({ ...current, [FLAGS[guide]]: false });
      record.mutate(
        { guide, outcome },
        {
          onSuccess: async () => {
            try {
              store.getState().updateUser(await api.users.userInfo());
            } catch {
              // The flag is already off in the session; the next sign-in reads the server's.
            }
          },
        },
      );
    },
    [api, record, store],
  );

  if (!ready || !running) return null;
  const last = running.steps.length - 1;

  return (
    <Tour
      active
      step={step}
      onStepChange={setStep}
      // Finish is the last step's close; any earlier close (Skip, Esc) skips the tour.
      onClose={() => end(running.guide, step >= last ? 'finished' : 'skipped')}
      labels={{
        next: t('actions.next'),
        back: t('actions.back'),
        skip: t('actions.skip'),
        close: t('actions.finish'),
        stepCounter: (current, total) => t('progress', { current, total }),
      }}
      // The × would share the Finish button's label; Skip is in the navigation already.
      withCloseButton={false}
      spotlightRadius={8}
      maxWidth={340}
      data-testid="guided-tour"
      data-guide={running.guide}
    >
      {running.steps.map((s) => (
        <Tour.Step key={s.key} target={s.target} title={s.title} position={s.position}>
          <Text size="sm">{s.body}</Text>
          <Text size="xs" c="dimmed" mt="xs" visibleFrom="sm">
            {t('keyboardHint')}
          </Text>
        </Tour.Step>
      ))}
    </Tour>
  );
}
