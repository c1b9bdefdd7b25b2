import { Alert, Button, Center, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { CURRENCIES, type Currency } from '@shared/contracts/money';
import { PLATFORMS, type Platform } from '@shared/contracts/shops';
import { InsufficientBalanceDataSchema } from '@shared/contracts/wallet';
import { formatMoney } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useSession } from '@shared/session/react';
import { IconAlertTriangle, IconPlugConnected, IconQrcode } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { authorizeListSearch } from '../features/shops/authorize-search';
import { type GlobalDialog, useDialogsStore } from '../stores/dialogs-store';

const TITLES = {
  'insufficient-balance': 'dialogs.insufficientBalance.title',
  'shop-authorization': 'dialogs.shopAuthorization.title',
  'store-open': 'dialogs.storeOpen.title',
  payment: 'dialogs.payment.title',
} as const satisfies Record<GlobalDialog['kind'], string>;

/** Where a Recharge button of a dialog goes: add funds with the shortfall, else the recharge page. */
function useRechargeTarget() {
  const navigate = useNavigate();
  const routes = useSession()?.routes ?? [];
  return (shortfall: { amount: number; currency: Currency } | null) => {
    if (shortfall && shortfall.amount > 0 && allows(routes, '/other/addMoney')) {
      void navigate({
        to: '/other/addMoney',
        search: { amount: shortfall.amount, currency: shortfall.currency },
      });
    } else {
      void navigate({ to: '/pay/recharge' });
    }
  };
}

/**
 * resp_code -10 (spec section 8): what the operation needed, the shortfall, and Recharge, which
 * opens add funds with the shortfall filled in.
 */
function InsufficientBalanceBody({
  dialog,
}: {
  dialog: Extract<GlobalDialog, { kind: 'insufficient-balance' }>;
}) {
  const { t, i18n } = useTranslation();
  const close = useDialogsStore((state) => state.close);
  const recharge = useRechargeTarget();
  const parsed = InsufficientBalanceDataSchema.safeParse(dialog.datas);
  const messages =
    parsed.success && parsed.data.messages.length > 0 ? parsed.data.messages : [dialog.message];
  return (
    <Stack data-testid="insufficient-balance-dialog">
      <List spacing={4} size="sm">
        {messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
      {parsed.success && (
        <Text fw={600} data-testid="shortfall">
          {t('dialogs.insufficientBalance.shortfall', {
            amount: formatMoney(
              parsed.data.shortfall,
              parsed.data.currency,
              i18n.language as Language,
            ),
          })}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('dialogs.insufficientBalance.hint')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('actions.cancel')}
        </Button>
        <Button
          color="brand"
          data-autofocus
          onClick={() => {
            close();
            recharge(
              parsed.success
                ? { amount: parsed.data.shortfall, currency: parsed.data.currency }
                : null,
            );
          }}
        >
          {t('actions.recharge')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What a YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT failure's datas may say, read leniently. */
function readPaymentDatas(datas: unknown): {
  tradeNo: string | null;
  shortfall: { amount: number; currency: Currency } | null;
} {
  const record = datas && typeof datas === 'object' ? (datas as Record<string, unknown>) : {};
  const tradeNo =
    typeof record.tradeNo === 'string' && record.tradeNo !== '' ? record.tradeNo : null;
  const currency = CURRENCIES.find((code) => code === record.currency);
  const amount = record.shortfall;
  const shortfall =
    currency && typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0
      ? { amount, currency }
      : null;
  return { tradeNo, shortfall };
}

/**
 * YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT (spec section 8): the balance does not cover an order. The
 * seller recharges (add funds with the shortfall) or pays the order by QR code instead.
 */
function PaymentBody({ dialog }: { dialog: Extract<GlobalDialog, { kind: 'payment' }> }) {
  // The payment words load the first time the dialog opens; Close and Recharge work meanwhile.
  const { t, i18n, ready } = useTranslation(['pay', 'common', 'errors'], { useSuspense: false });
  const navigate = useNavigate();
  const close = useDialogsStore((state) => state.close);
  const recharge = useRechargeTarget();
  const routes = useSession()?.routes ?? [];
  const { tradeNo, shortfall } = readPaymentDatas(dialog.datas);
  const canPayOrder = tradeNo !== null && allows(routes, '/pay/orderTrading');
  // One tree in both states: Close and Recharge (words of the common namespace, always there) stay
  // the same elements while the payment words arrive, so a click that lands just as they do still
  // counts, and Recharge holds the focus from the start.
  return (
    <Stack data-testid={ready ? 'payment-dialog' : undefined} aria-busy={!ready}>
      {ready ? (
        <>
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />}>
            <Text size="sm">{t('errors:YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT')}</Text>
          </Alert>
          {shortfall && (
            <Text fw={600} data-testid="payment-shortfall">
              {t('common:dialogs.insufficientBalance.shortfall', {
                amount: formatMoney(
                  shortfall.amount,
                  shortfall.currency,
                  i18n.language as Language,
                ),
              })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {canPayOrder ? t('dialog.paymentHint') : t('common:dialogs.insufficientBalance.hint')}
          </Text>
        </>
      ) : (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t('common:actions.close')}
        </Button>
        {ready && canPayOrder && (
          <Button
            variant="light"
            leftSection={<IconQrcode size={16} />}
            onClick={() => {
              close();
              void navigate({ to: '/pay/orderTrading', search: { tradeNo } });
            }}
          >
            {t('actions.payByQr')}
          </Button>
        )}
        <Button
          color="brand"
          data-autofocus
          onClick={() => {
            close();
            recharge(shortfall);
          }}
        >
          {t('common:actions.recharge')}
        </Button>
      </Group>
    </Stack>
  );
}

const AUTHORIZE_LIST = '/thirdPartyPlatform/authorizeList';

/** What a shop-authorization failure's datas may say: which kind of shop, platform and shops. */
interface ShopAuthorizationDatas {
  crossBorder?: boolean;
  platform?: Platform;
  shops: string[];
}

/** Reads the datas leniently: each field is used when it is there and makes sense. */
function readShopAuthorizationDatas(datas: unknown): ShopAuthorizationDatas {
  const record = datas && typeof datas === 'object' ? (datas as Record<string, unknown>) : {};
  const platform = PLATFORMS.find((candidate) => candidate === record.platform);
  const listed = Array.isArray(record.shops) ? record.shops : [];
  const shops = [
    ...listed.flatMap((entry) => {
      if (typeof entry === 'string') return [entry];
      if (entry && typeof entry === 'object') {
        const { alias, name } = entry as Record<string, unknown>;
        const shown = (typeof alias === 'string' && alias) || (typeof name === 'string' && name);
        return shown ? [shown] : [];
      }
      return [];
    }),
    ...(typeof record.shopName === 'string' && record.shopName ? [record.shopName] : []),
  ].slice(0, 10);
  return {
    ...(typeof record.crossBorder === 'boolean' ? { crossBorder: record.crossBorder } : {}),
    ...(platform ? { platform } : {}),
    shops,
  };
}

/**
 * A call needed an authorized shop (spec section 8): either one went abnormal
 * (PLATFORM_OAUTH_ERROR) or none is authorized yet (NO_AUTHORIZED_PLATFORM; `crossBorder` says
 * whether a cross-border one is needed). "Authorize now" opens the authorize dialog on the shop
 * list, preset.
 */
function ShopAuthorizationBody({
  dialog,
}: {
  dialog: Extract<GlobalDialog, { kind: 'shop-authorization' }>;
}) {
  const { t } = useTranslation(['shops', 'common']);
  const navigate = useNavigate();
  const close = useDialogsStore((state) => state.close);
  const routes = useSession()?.routes ?? [];
  const datas = readShopAuthorizationDatas(dialog.datas);
  const abnormal = dialog.key === 'PLATFORM_OAUTH_ERROR';
  const explanation = abnormal
    ? t('dialog.abnormal')
    : datas.crossBorder
      ? t('dialog.noneCrossBorder')
      : t('dialog.none');
  // The shop list opens the authorize dialog only for an account that holds that button.
  const canAuthorize = allows(routes, AUTHORIZE_LIST, 'authorize');
  return (
    <Stack data-testid="shop-authorization-dialog" data-abnormal={abnormal || undefined}>
      <Alert
        variant="light"
        color={abnormal ? 'red' : 'orange'}
        icon={<IconAlertTriangle size={18} />}
      >
        <Text size="sm">{explanation}</Text>
        {dialog.message && dialog.message !== explanation && (
          <Text size="sm" c="dimmed" mt={4} data-testid="shop-authorization-message">
            {dialog.message}
          </Text>
        )}
      </Alert>
      {datas.shops.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('dialog.shopsLabel')}
          </Text>
          <List size="sm" spacing={2}>
            {datas.shops.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {!canAuthorize && (
        <Text size="sm" c="dimmed">
          {t('dialog.noPermission')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('common:actions.close')}
        </Button>
        {canAuthorize && (
          <Button
            leftSection={<IconPlugConnected size={16} />}
            data-autofocus
            onClick={() => {
              close();
              void navigate({
                to: AUTHORIZE_LIST,
                search: authorizeListSearch({
                  ...(datas.platform ? { platform: datas.platform } : {}),
                  ...(datas.crossBorder !== undefined ? { crossBorder: datas.crossBorder } : {}),
                }),
              });
            }}
          >
            {abnormal ? t('dialog.reauthorizeNow') : t('dialog.authorizeNow')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The dialogs that failures anywhere can open; the later features fill their bodies. */
export function GlobalDialogs() {
  const { t } = useTranslation();
  const current = useDialogsStore((state) => state.current);
  const close = useDialogsStore((state) => state.close);
  return (
    <Modal
      // The store-open dialog lives in the shell, beside the queries it reads (store-open-modal).
      opened={current !== null && current.kind !== 'store-open'}
      onClose={close}
      title={current ? t(TITLES[current.kind]) : ''}
      centered
    >
      {current?.kind === 'insufficient-balance' ? (
        <InsufficientBalanceBody dialog={current} />
      ) : current?.kind === 'shop-authorization' ? (
        <ShopAuthorizationBody dialog={current} />
      ) : current?.kind === 'payment' ? (
        <PaymentBody dialog={current} />
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.close')}
          </Button>
        </Group>
      )}
    </Modal>
  );
}
