import {
  ActionIcon,
  Affix,
  Badge,
  Button,
  Divider,
  Group,
  Indicator,
  Menu,
  Stack,
  Text,
  TextInput,
  Tooltip,
  Transition,
  UnstyledButton,
} from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import type { Language } from '@shared/contracts/languages';
import { isSiteCode, type SiteCode } from '@shared/contracts/site-codes';
import { userInfoWallet } from '@shared/contracts/users';
import { WALLET_MENU, type WalletBalance } from '@shared/contracts/wallet';
import { formatMoney } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useApi } from '@shared/queries/api-context';
import { useWalletSummary } from '@shared/queries/wallet';
import { useSession } from '@shared/session/react';
import {
  IconArrowUp,
  IconChevronDown,
  IconMapPin,
  IconSearch,
  IconShoppingCart,
  IconWallet,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MainSiteLinks } from '../platform/boot';
import { resolveSite, switchSite } from '../platform/preferences';

/** Opens the main site's buy-for-me search with the keyword (spec section 1). */
export function HeaderSearch({ links }: { links: MainSiteLinks }) {
  const { t } = useTranslation('layout');
  const [keyword, setKeyword] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const value = keyword.trim();
        if (!value) return;
        window.open(
          links.search.replace('{keyword}', encodeURIComponent(value)),
          '_blank',
          'noopener',
        );
      }}
    >
      <TextInput
        size="xs"
        w={220}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        data-testid="header-search"
        radius="xl"
      />
    </form>
  );
}

/**
 * The site selector (spec section 4): the chosen site is the `site` query parameter or the
 * `cmp-site` cookie, else the account's own site, else the default; choosing one stores it and reloads in its language unless
 * a language was chosen.
 */
export function SiteSelect() {
  const { t } = useTranslation('common');
  const api = useApi();
  const win = useRouteContext({ from: '__root__', select: (context) => context.win });
  const current = resolveSite(win, useSession()?.user.site);
  const sites = useQuery({
    queryKey: ['sites', 'opened'],
    queryFn: ({ signal }) => api.sites.list({ signal }),
    staleTime: 60 * 60 * 1000,
  });
  const options = (sites.data ?? []).map((entry) => entry.site).filter(isSiteCode);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconMapPin size={14} />}
          rightSection={<IconChevronDown size={12} />}
          data-testid="site-select"
          aria-label={t('site')}
        >
          {t(`sites.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('site')}</Menu.Label>
        {(options.length > 0 ? options : [current]).map((site: SiteCode) => (
          <Menu.Item
            key={site}
            onClick={() => site !== current && switchSite(win, site)}
            data-active={site === current || undefined}
            rightSection={site === current ? <Badge size="xs">✓</Badge> : null}
          >
            {t(`sites.${site}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Where the balance dropdown sends one to recharge. */
const RECHARGE_URL = '/pay/recharge';

/**
 * The balance dropdown of an account not granted the wallet (WALLET_MENU): the server sends it no
 * figures, so the dropdown says so instead of showing any, and leads to recharging if it may.
 */
function HiddenBalanceMenu({ canRecharge }: { canRecharge: boolean }) {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton
          data-testid="balance-menu"
          data-hidden="true"
          aria-label={t('header.balance')}
        >
          <Group gap={6} wrap="nowrap">
            <IconWallet size={18} stroke={1.6} />
            <IconChevronDown size={12} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Text size="xs" c="dimmed" p="xs" data-testid="balance-hidden">
          {t('header.balanceHidden')}
        </Text>
        {canRecharge && (
          <>
            <Divider my={4} />
            <Menu.Item component={Link} to={RECHARGE_URL}>
              {t('common:actions.recharge')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The balance dropdown: available, balance and frozen of the site-currency wallet (the wallet
 * summary, read again on focus and every minute; the session's userInfo until it answers), the
 * other wallets that hold money, and the way to the history and to recharge. The header shows
 * the amount on wide screens; `showAmount` always does (the phone's menu drawer). An account not
 * granted the wallet sees no figures.
 */
export function BalanceMenu({ showAmount = false }: { showAmount?: boolean }) {
  const { t, i18n } = useTranslation(['layout', 'common']);
  const session = useSession();
  const canSee = session ? allows(session.routes, WALLET_MENU) : false;
  const summary = useWalletSummary({ enabled: canSee });
  if (!session) return null;
  if (!canSee) return <HiddenBalanceMenu canRecharge={allows(session.routes, RECHARGE_URL)} />;
  const { user } = session;
  const language = i18n.language as Language;
  const wallets = summary.data?.wallets ?? [];
  // Null only until the summary answers for a session signed in before the wallet was granted.
  const home: WalletBalance | null =
    wallets.find((wallet) => wallet.currency === summary.data?.currency) ?? userInfoWallet(user);
  const others = wallets.filter(
    (wallet) => wallet !== home && (wallet.balance !== 0 || wallet.frozen !== 0),
  );
  const money = (minor: number, currency = home?.currency ?? user.currency) =>
    formatMoney(minor, currency, language);
  const figure = (pick: (wallet: WalletBalance) => number) => (home ? money(pick(home)) : '—');
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="balance-menu" aria-label={t('header.balance')}>
          <Group gap={6} wrap="nowrap">
            <IconWallet size={18} stroke={1.6} />
            <Text size="sm" fw={600} {...(showAmount ? {} : { visibleFrom: 'lg' })}>
              {figure((wallet) => wallet.available)}
            </Text>
            <IconChevronDown size={12} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack
          gap={4}
          p="xs"
          data-testid="balance-figures"
          data-source={summary.data ? 'server' : 'session'}
        >
          <Text size="xs" c="dimmed">
            {t('header.available')}
          </Text>
          <Text fw={700} size="lg" data-testid="balance-available">
            {figure((wallet) => wallet.available)}
          </Text>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('header.balance')}
            </Text>
            <Text size="xs" data-testid="balance-total">
              {figure((wallet) => wallet.balance)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('header.frozen')}
            </Text>
            <Text size="xs" data-testid="balance-frozen">
              {figure((wallet) => wallet.frozen)}
            </Text>
          </Group>
        </Stack>
        {others.length > 0 && (
          <>
            <Divider my={4} />
            <Stack gap={4} px="xs" pb={4} data-testid="balance-others">
              <Text size="xs" c="dimmed">
                {t('header.otherWallets')}
              </Text>
              {others.map((wallet) => (
                <Group
                  key={wallet.currency}
                  justify="space-between"
                  wrap="nowrap"
                  data-testid={`balance-other-${wallet.currency}`}
                >
                  <Text size="xs" fw={600}>
                    {wallet.currency}
                  </Text>
                  <Text size="xs">
                    {money(wallet.available, wallet.currency)}
                    {wallet.frozen !== 0 && (
                      <Text span size="xs" c="dimmed">
                        {` · ${t('header.frozen')} ${money(wallet.frozen, wallet.currency)}`}
                      </Text>
                    )}
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        )}
        <Divider my={4} />
        <Menu.Item component={Link} to={WALLET_MENU} data-testid="balance-history">
          {t('common:routes.historyMoney')}
        </Menu.Item>
        <Menu.Item component={Link} to={RECHARGE_URL}>
          {t('common:actions.recharge')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The cart badge: the sum of the session's skuList quantities (spec section 3). */
export function CartBadge({ links }: { links: MainSiteLinks }) {
  const { t } = useTranslation('layout');
  const count = (useSession()?.user.skuList ?? []).reduce((sum, sku) => sum + sku.quantity, 0);
  return (
    <Tooltip label={t('header.cart')}>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={16}
        disabled={count === 0}
        color="brand"
        offset={4}
      >
        <ActionIcon
          component="a"
          href={links.cart}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('header.cartCount', { count })}
          data-testid="cart-badge"
          data-count={count}
        >
          <IconShoppingCart size={20} stroke={1.6} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** Back to the top, once the page has scrolled more than 100px (spec section 9). */
export function BackToTop() {
  const { t } = useTranslation('layout');
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > 100}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t('header.backToTop')}
            data-testid="back-to-top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
