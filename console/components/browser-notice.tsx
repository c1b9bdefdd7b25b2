import { Alert, Box } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The two notices (decisions.md): an older supported browser, or one we do not support. */
type BrowserNoticeKind = 'outdated' | 'unsupported';

/** From these versions on, no notice (decisions.md). */
const MIN_CHROMIUM = 80;
const MIN_FIREFOX = 84;

/** Remembers a dismissal until the browser session ends. */
const DISMISSED_KEY = 'cmp-browser-notice-dismissed';

const majorOf = (userAgent: string, pattern: RegExp): number | null => {
  const version = userAgent.match(pattern)?.[1];
  return version ? Number(version) : null;
};

/**
 * Which notice a browser gets (decisions.md): none on Chromium-based browsers (Chrome, 360, Edge,
 * read by their Chromium version) from 80 or Firefox from 84; "outdated" on older ones;
 * "unsupported" on other browsers (Internet Explorer, the old EdgeHTML Edge, Safari, Presto
 * Opera). A user agent we cannot place at all (a crawler, a test runner) gets none.
 */
export function browserNoticeFor(userAgent: string): BrowserNoticeKind | null {
  if (/MSIE |Trident\//.test(userAgent)) return 'unsupported';
  // EdgeHTML Edge says "Edge/18"; the Chromium-based one says "Edg/" and carries Chrome's version.
  if (/\bEdge\/\d/.test(userAgent)) return 'unsupported';
  const firefox = majorOf(userAgent, /(?:Firefox|FxiOS)\/(\d+)/);
  if (firefox !== null) return firefox >= MIN_FIREFOX ? null : 'outdated';
  const chromium = majorOf(userAgent, /(?:Chrome|Chromium|CriOS)\/(\d+)/);
  if (chromium !== null) return chromium >= MIN_CHROMIUM ? null : 'outdated';
  if (/\bSafari\/|\bPresto\/|^Opera\//.test(userAgent)) return 'unsupported';
  return null;
}

function dismissedBefore(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissal() {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Storage refused (private mode): the notice stays closed until the page reloads.
  }
}

/** The banner itself; its words load only when a notice is due. */
function NoticeBanner({ kind, onClose }: { kind: BrowserNoticeKind; onClose(): void }) {
  const { t, ready } = useTranslation('browser', { useSuspense: false });
  if (!ready) return null;
  return (
    <Box
      pos="fixed"
      bottom={16}
      left="50%"
      w="min(640px, calc(100vw - 32px))"
      style={{ transform: 'translateX(-50%)', zIndex: 300 }}
      data-testid="browser-notice"
    >
      <Alert
        color={kind === 'outdated' ? 'yellow' : 'red'}
        variant="filled"
        radius="md"
        icon={<IconAlertTriangle size={20} />}
        title={t(`${kind}.title`)}
        withCloseButton
        closeButtonLabel={t('dismiss')}
        onClose={onClose}
      >
        {t(`${kind}.message`)}
      </Alert>
    </Box>
  );
}

/**
 * The browser-version notice (spec section 2, decisions.md): a dismissible banner on older or
 * unsupported browsers, closed for the rest of the session once dismissed.
 */
export function BrowserNotice() {
  const [kind] = useState(() =>
    typeof navigator === 'undefined' ? null : browserNoticeFor(navigator.userAgent),
  );
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (!kind || dismissed) return null;
  return (
    <NoticeBanner
      kind={kind}
      onClose={() => {
        rememberDismissal();
        setDismissed(true);
      }}
    />
  );
}
