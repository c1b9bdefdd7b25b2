import { Badge, Box, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import type { Coupon, CouponState } from '@shared/contracts/coupons';
import type { Language } from '@shared/contracts/languages';
import { formatDate, formatDateTime, formatMoney } from '@shared/i18n/format';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<CouponState, string> = {
  unused: 'green',
  freezing: 'blue',
  used: 'gray',
  expired: 'red',
};

/**
 * The coupon's value stays on one line ("฿300.00" never breaks after the symbol): the longer it
 * is, the smaller it is set, so "RM1,000.00" still fits the stub.
 */
function valueFontSize(value: string): number {
  if (value.length <= 5) return 26;
  if (value.length <= 7) return 21;
  if (value.length <= 9) return 17;
  return 14;
}

/** Where a coupon is used: a recharge coupon on the recharge page, any other on an order's payment. */
export const USE_TARGETS = { recharge: '/pay/recharge', order: '/pay/orderTrading' } as const;

/**
 * One coupon: what it takes off (an amount, or a percentage up to a maximum), its name, scope,
 * threshold and validity, its state, and the order that holds or used it with what it saved.
 * An unused coupon links to where it can be used, when the account may go there.
 */
export function CouponCard({
  coupon,
  target,
}: {
  coupon: Coupon;
  /** Where "Use" leads; none when the account cannot use it there. */
  target: (typeof USE_TARGETS)[keyof typeof USE_TARGETS] | null;
}) {
  const { t, i18n } = useTranslation('wallet');
  const language = i18n.language as Language;
  const money = (minor: number) => formatMoney(minor, coupon.currency, language);
  const muted = coupon.status === 'expired' || coupon.status === 'used';
  const value =
    coupon.type === 'discount' && coupon.percentOff !== null
      ? t('coupons.card.percentOff', { percent: coupon.percentOff })
      : money(coupon.maxOffset);
  // Unused but valid from a later day: not yet usable, so no "use".
  const waiting = coupon.status === 'unused' && !coupon.started;
  const usable = coupon.status === 'unused' && coupon.started && target !== null;
  // An order names itself "<kind>:<number>" on the coupon; the seller knows it by its number.
  const order = coupon.orderRef?.slice(coupon.orderRef.indexOf(':') + 1) ?? null;
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      data-testid="coupon-card"
      data-id={coupon.id}
      data-status={waiting ? 'notStarted' : coupon.status}
      style={{ opacity: muted ? 0.75 : 1 }}
    >
      <Group gap={0} wrap="nowrap" align="stretch" h="100%">
        <Stack
          gap={2}
          justify="center"
          align="center"
          px="xs"
          py="lg"
          w={{ base: 112, sm: 132 }}
          bg={muted ? 'gray.1' : 'var(--mantine-primary-color-light)'}
          style={{ flexShrink: 0, borderRight: '1px dashed var(--mantine-color-gray-4)' }}
        >
          <Text
            fz={valueFontSize(value)}
            fw={800}
            lh={1.1}
            ta="center"
            c={muted ? 'dimmed' : 'var(--mantine-primary-color-filled)'}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="coupon-value"
          >
            {value}
          </Text>
          <Text size="xs" c="dimmed" ta="center" data-testid="coupon-offset">
            {coupon.type === 'discount'
              ? t('coupons.card.upTo', { amount: money(coupon.maxOffset) })
              : t('coupons.card.cash')}
          </Text>
        </Stack>
        <Stack gap={6} p="md" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2} data-testid="coupon-name">
              {coupon.name}
            </Text>
            <Badge
              variant="light"
              color={waiting ? 'yellow' : STATUS_COLORS[coupon.status]}
              tt="none"
              style={{ flexShrink: 0 }}
              data-testid="coupon-status"
            >
              {t(`coupons.status.${waiting ? 'notStarted' : coupon.status}`)}
            </Badge>
          </Group>
          <Group gap={6}>
            <Badge variant="outline" color="gray" tt="none" data-testid="coupon-scope">
              {t('coupons.card.scope', { scope: t(`coupons.scopes.${coupon.scope}`) })}
            </Badge>
            <Text size="sm" data-testid="coupon-threshold">
              {coupon.threshold > 0
                ? t('coupons.card.threshold', { amount: money(coupon.threshold) })
                : t('coupons.card.noThreshold')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" data-testid="coupon-validity">
            {t('coupons.card.validity', {
              from: formatDate(coupon.validFrom, language),
              to: formatDate(coupon.validTo, language),
            })}
          </Text>
          {waiting && (
            <Text size="sm" c="yellow.9" fw={600} data-testid="coupon-starts">
              {t('coupons.card.startsOn', { date: formatDate(coupon.validFrom, language) })}
            </Text>
          )}
          {(order || usable) && <Divider variant="dashed" />}
          {order && (
            <Box data-testid="coupon-order">
              <Text size="sm">
                {coupon.status === 'freezing'
                  ? t('coupons.card.heldBy', { order })
                  : t('coupons.card.usedOn', { order })}
              </Text>
              <Group gap="sm">
                {coupon.discount !== null && (
                  <Text size="xs" c="green.8" fw={600} data-testid="coupon-discount">
                    {t('coupons.card.discount', { amount: money(coupon.discount) })}
                  </Text>
                )}
                {coupon.usedAt && (
                  <Text size="xs" c="dimmed">
                    {t('coupons.card.usedAt', { time: formatDateTime(coupon.usedAt, language) })}
                  </Text>
                )}
              </Group>
            </Box>
          )}
          {usable && target && (
            <Group justify="flex-end">
              <Button
                component={Link}
                to={target}
                size="xs"
                rightSection={<IconArrowRight size={14} />}
                data-testid="coupon-use"
              >
                {t('coupons.actions.use')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
