import { Anchor, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CustomerKey, CustomerValue } from '@shared/contracts/config';
import { useApi } from '@shared/queries/api-context';
import { configQueries } from '@shared/queries/config';
import { IconHeadset, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from './dashboard-article-modal';
import { CardFailure, DashboardCard } from './dashboard-card';

const QR = 96;

function Code({ entry, name, caption }: { entry: CustomerValue; name: string; caption: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap={4} align="center" w={QR + 16}>
      {entry.qrCode ? (
        <Image
          src={entry.qrCode}
          alt={t('service.qrAlt', { name })}
          w={QR}
          h={QR}
          fit="contain"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
          p={3}
          bg="white"
        />
      ) : null}
      <Text size="xs" fw={600} ta="center">
        {name}
      </Text>
      <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {caption}
      </Text>
    </Stack>
  );
}

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" radius="md" size={30}>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/** Customer service as configured on the server: QR codes, WeChat ID, mail and hotline. */
export function ServiceCard() {
  const { t } = useTranslation('dashboard');
  const values = useQuery(configQueries.customerValues(useApi()));
  const entry = (key: CustomerKey) => values.data?.find((e) => e.keyName === key);
  const official = entry('CUSTOMER_OFFICIAL');
  const wechat = entry('CUSTOMER_WECHAT');
  const mail = entry('CUSTOMER_MAIL');
  const hotline = entry('CUSTOMER_HOTLINE');

  let body: ReactNode;
  if (values.isPending) body = <ListSkeleton rows={3} />;
  else if (values.isError)
    body = <CardFailure onRetry={() => void values.refetch()} testId="service-failed" />;
  else if (!official && !wechat && !mail && !hotline)
    body = (
      <Text size="sm" c="dimmed">
        {t('service.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        {official || wechat ? (
          <Group justify="center" gap="lg" align="flex-start">
            {official ? (
              <Code
                entry={official}
                name={t('service.official')}
                caption={official.remark ?? official.keyValue}
              />
            ) : null}
            {wechat ? (
              <Code
                entry={wechat}
                name={t('service.wechat')}
                caption={
                  wechat.remark ? t('service.wechatId', { id: wechat.remark }) : wechat.keyValue
                }
              />
            ) : null}
          </Group>
        ) : null}
        {mail ? (
          <Line icon={<IconMail size={16} />} label={t('service.mail')}>
            <Anchor href={`mailto:${mail.keyValue}`} data-testid="service-mail">
              {mail.keyValue}
            </Anchor>
          </Line>
        ) : null}
        {hotline ? (
          <Line icon={<IconPhone size={16} />} label={t('service.hotline')}>
            <Anchor
              href={`tel:${hotline.keyValue.replace(/[^\d+]/g, '')}`}
              data-testid="service-hotline"
            >
              {hotline.keyValue}
            </Anchor>
            {hotline.remark ? (
              <Text size="xs" c="dimmed">
                {hotline.remark}
              </Text>
            ) : null}
          </Line>
        ) : null}
      </Stack>
    );

  return (
    <DashboardCard
      title={t('service.title')}
      icon={<IconHeadset size={18} stroke={1.6} />}
      tour="service"
      testId="service-card"
    >
      {body}
    </DashboardCard>
  );
}
