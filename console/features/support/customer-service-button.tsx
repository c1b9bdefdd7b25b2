import { Anchor, Button, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CustomerKey, CustomerValue } from '@shared/contracts/config';
import { useApi } from '@shared/queries/api-context';
import { configQueries } from '@shared/queries/config';
import { IconHeadset, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderPopover } from './header-popover';
import { QrTile } from './qr-tile';

/** A contact line: an icon, what it is, and the way to use it. */
function ContactRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={32} radius="md">
        {icon}
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** Spaces out of a number a phone dials. */
const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

function Contacts({ entries }: { entries: CustomerValue[] }) {
  const { t } = useTranslation('support');
  const entry = (key: CustomerKey) => entries.find((e) => e.keyName === key);
  const official = entry('CUSTOMER_OFFICIAL');
  const wechat = entry('CUSTOMER_WECHAT');
  const mail = entry('CUSTOMER_MAIL');
  const hotline = entry('CUSTOMER_HOTLINE');
  if (!official && !wechat && !mail && !hotline) {
    return (
      <Text size="sm" c="dimmed" data-testid="customer-service-empty">
        {t('customerService.empty')}
      </Text>
    );
  }
  const codes = [official, wechat].filter((e): e is CustomerValue => e !== undefined);
  return (
    <Stack gap="md">
      {codes.length > 0 ? (
        <Group gap="md" justify="center" align="flex-start" wrap="nowrap">
          {official ? (
            <QrTile
              testId="customer-service-official"
              src={official.qrCode}
              alt={t('customerService.qrAlt', { name: t('customerService.official') })}
              title={t('customerService.official')}
              caption={official.remark ?? t('customerService.officialHint')}
              fallback={<Text size="xs">{official.keyValue}</Text>}
            />
          ) : null}
          {wechat ? (
            <QrTile
              testId="customer-service-wechat"
              src={wechat.qrCode}
              alt={t('customerService.qrAlt', { name: t('customerService.wechat') })}
              title={t('customerService.wechat')}
              caption={
                wechat.remark
                  ? t('customerService.wechatId', { id: wechat.remark })
                  : t('customerService.wechatHint')
              }
              fallback={<Text size="xs">{wechat.keyValue}</Text>}
            />
          ) : null}
        </Group>
      ) : null}
      {codes.length > 0 && (mail || hotline) ? <Divider /> : null}
      {mail ? (
        <ContactRow icon={<IconMail size={18} />} label={t('customerService.mail')}>
          <Anchor href={`mailto:${mail.keyValue}`} data-testid="customer-service-mail">
            {mail.keyValue}
          </Anchor>
          {mail.remark ? (
            <Text size="xs" c="dimmed">
              {mail.remark}
            </Text>
          ) : null}
        </ContactRow>
      ) : null}
      {hotline ? (
        <ContactRow icon={<IconPhone size={18} />} label={t('customerService.hotline')}>
          <Anchor href={telHref(hotline.keyValue)} data-testid="customer-service-hotline">
            {hotline.keyValue}
          </Anchor>
          {hotline.remark ? (
            <Text size="xs" c="dimmed">
              {hotline.remark}
            </Text>
          ) : null}
        </ContactRow>
      ) : null}
    </Stack>
  );
}

function CustomerServicePanel() {
  const { t } = useTranslation(['support', 'common']);
  const values = useQuery(configQueries.customerValues(useApi()));
  if (values.isPending) {
    return (
      <Group gap="md" justify="center" wrap="nowrap">
        <Skeleton w={132} h={132} radius="md" />
        <Skeleton w={132} h={132} radius="md" />
      </Group>
    );
  }
  if (values.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red">
          {t('loadFailed')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void values.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  return <Contacts entries={values.data} />;
}

/**
 * The header's customer-service button: a popover with the official-account and WeChat QR codes,
 * the mail address and the hotline, as the server's configuration gives them (decisions.md).
 */
export function CustomerServiceButton() {
  const { t, ready } = useTranslation(['support', 'common'], { useSuspense: false });
  const [opened, setOpened] = useState(false);
  if (!ready) return null;

  return (
    <HeaderPopover
      label={t('customerService.label')}
      icon={<IconHeadset size={20} stroke={1.6} />}
      title={t('customerService.title')}
      hint={t('customerService.hint')}
      opened={opened}
      onOpenedChange={setOpened}
      onToggle={() => setOpened((o) => !o)}
      testId="customer-service"
      width={320}
    >
      <CustomerServicePanel />
    </HeaderPopover>
  );
}
