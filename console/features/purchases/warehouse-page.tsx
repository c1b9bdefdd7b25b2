import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import {
  LITRES_PER_CBM,
  WAREHOUSE_COUPON_SCOPES,
  WAREHOUSE_MIN_CBM,
  WAREHOUSE_SITES,
  type Warehouse,
  type WarehouseSite,
} from '@shared/contracts/warehouses';
import { formatDay, formatMoney, formatNumber } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useUsableCoupons } from '@shared/queries/payments';
import {
  useWarehouseAction,
  useWarehouseForecast,
  useWarehouseInventory,
  useWarehouseQuote,
  useWarehouses,
} from '@shared/queries/purchases';
import { useSession } from '@shared/session/react';
import { IconBuildingWarehouse, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogsStore } from '../../stores/dialogs-store';
import type { WarehouseSearch } from './purchase-search';

const PAGE = '/purchaseAndWarehouse/warehouseManage';
const STATE_COLORS = {
  pending: 'gray',
  normal: 'green',
  expired: 'red',
  insufficient: 'orange',
  closed: 'gray',
} as const;

const cbm = (litres: number) => (litres / LITRES_PER_CBM).toFixed(2);

function InventoryTable({ warehouse }: { warehouse: Warehouse }) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const lines = useWarehouseInventory(warehouse.id).data?.records;
  if (!lines) return null;
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('warehouse.inventory.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table withTableBorder data-testid="warehouse-inventory">
        <Table.Thead>
          <Table.Tr>
            {(
              [
                'sku',
                'name',
                'available',
                'inTransit',
                'occupied',
                'volume',
                'dailySales',
                'replenishment',
                'salesLinks',
              ] as const
            ).map((key) => (
              <Table.Th key={key}>{t(`warehouse.inventory.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.sku}>
              <Table.Td>{line.sku}</Table.Td>
              <Table.Td>{line.name}</Table.Td>
              <Table.Td>{formatNumber(line.available, language)}</Table.Td>
              <Table.Td>{formatNumber(line.inTransit, language)}</Table.Td>
              <Table.Td>{formatNumber(line.occupied, language)}</Table.Td>
              <Table.Td>{cbm(line.occupiedLitres)} m³</Table.Td>
              <Table.Td>{(line.dailySales / 100).toFixed(1)}</Table.Td>
              <Table.Td>
                {line.replenishment > 0 ? (
                  <Badge color="orange" variant="light">
                    {formatNumber(line.replenishment, language)}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {line.salesLinks.map((link) => (
                    <Text key={`${link.platform}-${link.externalId}`} size="xs" truncate maw={220}>
                      {link.shopName} · {link.title}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ForecastCard({ warehouse }: { warehouse: Warehouse }) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const forecast = useWarehouseForecast(warehouse.id).data;
  if (!forecast) return null;
  const money = (minor: number) => formatMoney(minor, forecast.currency, language);
  return (
    <Card withBorder data-testid="warehouse-forecast">
      <Text fw={600} mb="xs">
        {t('warehouse.forecast.title')}
      </Text>
      <SimpleGrid cols={3} mb="xs">
        {forecast.points.map((point) => (
          <Stack key={point.days} gap={0}>
            <Text size="xs" c="dimmed">
              {t('warehouse.forecast.days', { days: point.days })}
            </Text>
            <Text size="sm" fw={600}>
              {cbm(point.litres)} m³
            </Text>
            <Text size="xs">{t('warehouse.forecast.needed', { count: point.neededCbm })}</Text>
            <Text size="xs">
              {t('warehouse.forecast.cost', { amount: money(point.monthlyCost) })}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" c={forecast.runOutDay ? 'orange' : 'dimmed'}>
        {forecast.runOutDay
          ? t('warehouse.forecast.runOut', { date: formatDay(forecast.runOutDay, language) })
          : t('warehouse.forecast.noRunOut')}
      </Text>
      {forecast.suggestion && (
        <Text size="sm" fw={600}>
          {t(`warehouse.forecast.${forecast.suggestion.kind}`, {
            count: forecast.suggestion.volume,
            amount: money(forecast.suggestion.amount),
          })}
        </Text>
      )}
    </Card>
  );
}

/**
 * Upgrade (now, the added CBM by the day for the rest of the month, with its price and an
 * upgrade coupon) or downgrade (next month) to a volume.
 */
function VolumeModal({
  warehouse,
  kind,
  onClose,
}: {
  warehouse: Warehouse;
  kind: 'upgrade' | 'downgrade';
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const action = useWarehouseAction();
  const key = useRef(crypto.randomUUID());
  const [volume, setVolume] = useState(
    kind === 'upgrade' ? warehouse.volume + 1 : Math.max(WAREHOUSE_MIN_CBM, warehouse.volume - 1),
  );
  const [couponId, setCouponId] = useState<string | null>(null);
  const valid =
    kind === 'upgrade'
      ? Number.isInteger(volume) && volume > warehouse.volume
      : volume >= WAREHOUSE_MIN_CBM && volume <= warehouse.volume;
  const upgrade = kind === 'upgrade';
  // What the added CBM cost for the days left, as the server will charge it.
  const quote = useWarehouseQuote(
    upgrade && valid ? warehouse.site : null,
    volume - warehouse.volume,
  ).data;
  const coupons =
    useUsableCoupons(
      upgrade && valid && quote
        ? { scope: WAREHOUSE_COUPON_SCOPES.upgrade, currency: quote.currency, amount: quote.amount }
        : null,
    ).data ?? [];
  const chosen = coupons.find((entry) => entry.coupon.id === couponId);
  const money = (minor: number) => formatMoney(minor, warehouse.currency, language);
  return (
    <Modal opened onClose={onClose} title={t(`warehouse.actions.${kind}`)} centered>
      <Stack data-testid={`warehouse-${kind}-dialog`}>
        <Text size="sm" c="dimmed">
          {t(`warehouse.hints.${kind}`)}
        </Text>
        <NumberInput
          label={t('storeOpen.volume')}
          value={volume}
          min={upgrade ? warehouse.volume + 1 : WAREHOUSE_MIN_CBM}
          max={kind === 'downgrade' ? warehouse.volume : undefined}
          allowDecimal={false}
          onChange={(value) => {
            key.current = crypto.randomUUID();
            setVolume(Number(value));
          }}
        />
        {upgrade && valid && quote && (
          <Text size="sm" data-testid="warehouse-upgrade-quote">
            {t('storeOpen.quote', {
              days: quote.days,
              total: quote.daysInMonth,
              month: quote.month,
              price: money(quote.pricePerCbm),
            })}
          </Text>
        )}
        {upgrade && (
          <Select
            label={t('fields.coupon')}
            placeholder={t('fields.noCoupon')}
            data={coupons.map((entry) => ({
              value: entry.coupon.id,
              label: `${entry.coupon.name} (−${money(entry.discount)})`,
            }))}
            value={chosen ? chosen.coupon.id : null}
            onChange={setCouponId}
            clearable
          />
        )}
        <Group justify="flex-end">
          <Button
            disabled={!valid || (upgrade && !quote)}
            loading={action.isPending}
            data-testid={`warehouse-${kind}-submit`}
            onClick={() =>
              action.mutate(
                upgrade
                  ? {
                      kind,
                      id: warehouse.id,
                      volume,
                      ...(chosen ? { couponId: chosen.coupon.id } : {}),
                      key: key.current,
                    }
                  : { kind, id: warehouse.id, volume },
                { onSuccess: onClose },
              )
            }
          >
            {upgrade && quote
              ? t('warehouse.actions.pay', {
                  amount: money(Math.max(quote.amount - (chosen?.discount ?? 0), 0)),
                })
              : t(`warehouse.actions.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Renew an expired warehouse: its whole volume charged by the day for the rest of this month,
 * with a coupon of the renew scope judged on that amount (the server judges it again).
 */
function RenewModal({ warehouse, onClose }: { warehouse: Warehouse; onClose(): void }) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const action = useWarehouseAction();
  const key = useRef(crypto.randomUUID());
  const [couponId, setCouponId] = useState<string | null>(null);
  const quote = useWarehouseQuote(warehouse.site, warehouse.volume).data;
  const coupons =
    useUsableCoupons(
      quote
        ? { scope: WAREHOUSE_COUPON_SCOPES.renew, currency: quote.currency, amount: quote.amount }
        : null,
    ).data ?? [];
  const chosen = coupons.find((entry) => entry.coupon.id === couponId);
  const money = (minor: number) => formatMoney(minor, warehouse.currency, language);
  return (
    <Modal opened onClose={onClose} title={t('warehouse.actions.renew')} centered>
      <Stack data-testid="warehouse-renew-dialog">
        <Text size="sm" c="dimmed">
          {t('warehouse.hints.renew', { volume: warehouse.volume })}
        </Text>
        {quote && (
          <Text size="sm" data-testid="warehouse-renew-quote">
            {t('storeOpen.quote', {
              days: quote.days,
              total: quote.daysInMonth,
              month: quote.month,
              price: money(quote.pricePerCbm),
            })}
          </Text>
        )}
        <Select
          label={t('fields.coupon')}
          placeholder={t('fields.noCoupon')}
          data={coupons.map((entry) => ({
            value: entry.coupon.id,
            label: `${entry.coupon.name} (−${money(entry.discount)})`,
          }))}
          value={chosen ? chosen.coupon.id : null}
          onChange={(value) => {
            key.current = crypto.randomUUID();
            setCouponId(value);
          }}
          clearable
        />
        <Group justify="flex-end">
          <Button
            disabled={!quote}
            loading={action.isPending}
            data-testid="warehouse-renew-submit"
            onClick={() =>
              action.mutate(
                {
                  kind: 'renew',
                  id: warehouse.id,
                  ...(chosen ? { couponId: chosen.coupon.id } : {}),
                  key: key.current,
                },
                { onSuccess: onClose },
              )
            }
          >
            {quote
              ? t('warehouse.actions.pay', {
                  amount: money(Math.max(quote.amount - (chosen?.discount ?? 0), 0)),
                })
              : t('warehouse.actions.renew')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function WarehouseCard({ warehouse }: { warehouse: Warehouse }) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const routes = useSession()?.routes ?? [];
  const can = (button: string) => allows(routes, PAGE, button);
  const action = useWarehouseAction();
  const [changing, setChanging] = useState<'upgrade' | 'downgrade' | null>(null);
  const [renewing, setRenewing] = useState(false);
  const money = (minor: number) => formatMoney(minor, warehouse.currency, language);
  const usage = Math.min(warehouse.usageRatio / 100, 100);
  const usable = warehouse.state === 'normal' || warehouse.state === 'insufficient';
  return (
    <Card withBorder radius="md" data-testid={`warehouse-${warehouse.code}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconBuildingWarehouse size={20} />
            <Title order={4}>{warehouse.code}</Title>
            <Text c="dimmed">{t(`warehouse.sites.${warehouse.site}`)}</Text>
          </Group>
          <Badge color={STATE_COLORS[warehouse.state]} variant="light">
            {t(`warehouse.states.${warehouse.state}`)}
          </Badge>
        </Group>
        {(warehouse.state === 'expired' ||
          warehouse.state === 'insufficient' ||
          warehouse.state === 'pending') && (
          <Alert color={STATE_COLORS[warehouse.state]} p="xs">
            {t(`warehouse.hints.${warehouse.state}`)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('warehouse.fields.volume')}
            </Text>
            <Text fw={600}>{t('warehouse.cbm', { count: warehouse.volume })}</Text>
            {warehouse.nextVolume !== null && (
              <Text size="xs" c="orange">
                {t('warehouse.fields.nextVolume')}:{' '}
                {t('warehouse.cbm', { count: warehouse.nextVolume })}
              </Text>
            )}
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('warehouse.fields.monthly')}
            </Text>
            <Text fw={600}>{money(warehouse.monthlyPayment)}</Text>
            <Text size="xs" c="dimmed">
              {t('warehouse.fields.price')}: {money(warehouse.pricePerCbm)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('warehouse.fields.autoRenew')}
            </Text>
            <Text size="sm">
              {warehouse.autoRenew ? t('warehouse.fields.renews') : t('warehouse.fields.stops')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('warehouse.fields.paidThrough')}: {warehouse.paidThrough ?? '—'}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('warehouse.fields.usage')} · {cbm(warehouse.occupiedLitres)} m³
            </Text>
            <Progress
              value={usage}
              color={
                warehouse.usageRatio > 10_000
                  ? 'red'
                  : warehouse.usageRatio > 8_000
                    ? 'orange'
                    : 'teal'
              }
              aria-label={t('warehouse.fields.usage')}
            />
            <Text size="xs">{(warehouse.usageRatio / 100).toFixed(1)}%</Text>
          </Stack>
        </SimpleGrid>
        <Group gap="xs">
          {usable && can('upgrade') && (
            <Button
              size="xs"
              onClick={() => setChanging('upgrade')}
              data-testid="warehouse-upgrade"
            >
              {t('warehouse.actions.upgrade')}
            </Button>
          )}
          {usable && warehouse.autoRenew && can('downgrade') && (
            <Button size="xs" variant="light" onClick={() => setChanging('downgrade')}>
              {t('warehouse.actions.downgrade')}
            </Button>
          )}
          {warehouse.state === 'expired' && can('renew') && (
            <Button
              size="xs"
              color="red"
              onClick={() => setRenewing(true)}
              data-testid="warehouse-renew"
            >
              {t('warehouse.actions.renew')}
            </Button>
          )}
          {usable && can('cancelMonthly') && (
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                action.mutate({
                  kind: warehouse.autoRenew ? 'cancelMonthly' : 'resumeMonthly',
                  id: warehouse.id,
                })
              }
            >
              {warehouse.autoRenew
                ? t('warehouse.actions.cancelMonthly')
                : t('warehouse.actions.resumeMonthly')}
            </Button>
          )}
        </Group>
        {usable && <InventoryTable warehouse={warehouse} />}
        {usable && <ForecastCard warehouse={warehouse} />}
        {warehouse.charges.length > 0 && (
          <Table withTableBorder data-testid="warehouse-charges">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('warehouse.fields.kind')}</Table.Th>
                <Table.Th>{t('warehouse.fields.month')}</Table.Th>
                <Table.Th>{t('warehouse.fields.volume')}</Table.Th>
                <Table.Th>{t('warehouse.fields.days')}</Table.Th>
                <Table.Th>{t('warehouse.fields.amount')}</Table.Th>
                <Table.Th>{t('warehouse.fields.reference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {warehouse.charges.map((charge) => (
                <Table.Tr key={`${charge.reference}-${charge.kind}`}>
                  <Table.Td>{t(`warehouse.kinds.${charge.kind}`)}</Table.Td>
                  <Table.Td>{charge.month}</Table.Td>
                  <Table.Td>{t('warehouse.cbm', { count: charge.volume })}</Table.Td>
                  <Table.Td>
                    {t('warehouse.daysOf', { days: charge.days, total: charge.daysInMonth })}
                  </Table.Td>
                  <Table.Td>
                    {money(charge.amount - charge.discount)}
                    {charge.discount > 0 && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({money(charge.amount)} − {money(charge.discount)})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{charge.reference}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {changing && (
        <VolumeModal warehouse={warehouse} kind={changing} onClose={() => setChanging(null)} />
      )}
      {renewing && <RenewModal warehouse={warehouse} onClose={() => setRenewing(false)} />}
    </Card>
  );
}

/**
 * Warehouse management (spec section 2: warehouseManage): site tabs, each warehouse with its
 * volume, monthly payment, state, usage, stock, forecast and charges; open, upgrade, downgrade,
 * renew and cancel the monthly plan.
 */
export function WarehousePage() {
  const { t } = useTranslation('purchases');
  const search = useSearch({ strict: false }) as WarehouseSearch;
  const navigate = useNavigate();
  const routes = useSession()?.routes ?? [];
  const openDialog = useDialogsStore((state) => state.open);
  const site = search.site;
  const list = useWarehouses(site);
  const counts = list.data?.counts ?? {};
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('warehouse.title')}</Title>
        {allows(routes, PAGE, 'open') && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openDialog({ kind: 'store-open', datas: null })}
            data-testid="warehouse-open"
          >
            {t('warehouse.open')}
          </Button>
        )}
      </Group>
      <Tabs
        value={site ?? 'all'}
        onChange={(value) =>
          void navigate({
            to: PAGE,
            search: value && value !== 'all' ? { site: value as WarehouseSite } : {},
          })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="all">{t('warehouse.sites.all')}</Tabs.Tab>
          {WAREHOUSE_SITES.map((code) => (
            <Tabs.Tab key={code} value={code}>
              {t(`warehouse.sites.${code}`)}
              {counts[code] ? ` (${counts[code]})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.data && list.data.records.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('warehouse.empty')}
        </Text>
      )}
      {(list.data?.records ?? []).map((warehouse) => (
        <WarehouseCard key={warehouse.id} warehouse={warehouse} />
      ))}
    </Stack>
  );
}
