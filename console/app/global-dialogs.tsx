import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { InsufficientBalanceDataSchema } from '@shared/contracts/wallet';
import { formatMoney } from '@shared/i18n/format';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type GlobalDialog, useDialogsStore } from '../stores/dialogs-store';

const TITLES = {
  'insufficient-balance': 'dialogs.insufficientBalance.title',
  'shop-authorization': 'dialogs.shopAuthorization.title',
  'store-open': 'dialogs.storeOpen.title',
  payment: 'dialogs.payment.title',
} as const satisfies Record<GlobalDialog['kind'], string>;

function InsufficientBalanceBody({
  dialog,
}: {
  dialog: Extract<GlobalDialog, { kind: 'insufficient-balance' }>;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const close = useDialogsStore((state) => state.close);
  const parsed = InsufficientBalanceDataSchema.safeParse(dialog.datas);
  const messages =
    parsed.success && parsed.data.messages.length > 0 ? parsed.data.messages : [dialog.message];
  return (
    <Stack>
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
              i18n.language as 'zh' | 'th' | 'en',
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
          onClick={() => {
            close();
            void navigate({ to: '/pay/recharge' });
          }}
        >
          {t('actions.recharge')}
        </Button>
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
      opened={current !== null}
      onClose={close}
      title={current ? t(TITLES[current.kind]) : ''}
      centered
    >
      {current?.kind === 'insufficient-balance' ? (
        <InsufficientBalanceBody dialog={current} />
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
