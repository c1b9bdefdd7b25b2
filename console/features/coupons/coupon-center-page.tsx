import { Box, Card, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Coupon } from '@shared/contracts/coupons';
import { allows } from '@shared/permissions';
import { useCoupons } from '@shared/queries/coupons';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconTicket, IconTicketOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { useListPage } from '../../components/use-list-page';
import { CouponCard, USE_TARGETS } from './coupon-card';
import { COUPON_SCOPE_LIST, COUPON_TABS, validateCouponCenterSearch } from './coupon-center-search';

const MENU_URL = '/other/couponCenter';
const PAGE_SIZE = 12;

function CardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" aria-busy>
      {placeholderKeys(6).map((key) => (
        <Skeleton key={key} h={148} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The coupon centre (spec section 2: /other/couponCenter): the account's coupons in four tabs
 * (unused, used, expired, on hold) with counts, filtered by scope, a page at a time. Tab, scope
 * and page live in the address. An unused coupon links to where it can be used.
 */
export function CouponCenterPage() {
  const { t } = useTranslation(['wallet', 'common']);
  const routes = useSession()?.routes ?? [];
  const list = useListPage({
    to: MENU_URL,
    paging: 'cursor',
    validate: validateCouponCenterSearch,
    tab: { key: 'status', initial: 'unused' },
    filters: ['scope'],
    pageSize: PAGE_SIZE,
    query: (search, status) => ({ status, ...(search.scope ? { scope: search.scope } : {}) }),
  });
  const coupons = useCoupons(list.params);
  const counts = coupons.data?.counts;
  const status = list.tab;

  const targetOf = (coupon: Coupon) => {
    const url = coupon.scope === 'recharge' ? USE_TARGETS.recharge : USE_TARGETS.order;
    return allows(routes, url) ? url : null;
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('coupons.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('coupons.intro')}
        </Text>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <ListPage
          list={list}
          query={coupons}
          rows={(data) => data.records}
          rowKey={(coupon) => coupon.id}
          total={(data) => data.total}
          cursors={(data) => ({ next: data.next, previous: data.previous })}
          testId="coupon"
          words={{
            total: (count) => t('coupons.list.total', { count }),
            loadError: t('coupons.list.loadError'),
            filteredTitle: t('coupons.empty.filteredTitle'),
            filteredHint: t('coupons.empty.filteredHint'),
            clearFilters: t('coupons.actions.clearFilters'),
          }}
          tabs={COUPON_TABS.map((tab) => ({
            value: tab,
            label: t(`coupons.tabs.${tab}`),
            count: counts?.[tab],
          }))}
          filters={
            <Select
              label={t('coupons.filters.scope')}
              w={{ base: '100%', xs: 220 }}
              data={[
                { value: 'all', label: t('coupons.filters.allScopes') },
                ...COUPON_SCOPE_LIST.map((scope) => ({
                  value: scope,
                  label: t(`coupons.scopes.${scope}`),
                })),
              ]}
              value={list.search.scope ?? 'all'}
              allowDeselect={false}
              comboboxProps={{ hideDetached: false }}
              onChange={(value) =>
                list.set({ scope: COUPON_SCOPE_LIST.find((entry) => entry === value) })
              }
              data-testid="coupon-scope-filter"
            />
          }
          loading={<CardsSkeleton />}
          empty={
            <Box data-testid="coupon-empty" data-status={status}>
              <EmptyState
                icon={status === 'unused' ? <IconTicket size={28} /> : <IconTicketOff size={28} />}
                title={t(`coupons.empty.${status}Title`)}
                hint={t(`coupons.empty.${status}Hint`)}
                py={48}
              />
            </Box>
          }
        >
          {(records) => (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="coupon-grid">
              {records.map((coupon) => (
                <CouponCard key={coupon.id} coupon={coupon} target={targetOf(coupon)} />
              ))}
            </SimpleGrid>
          )}
        </ListPage>
      </Card>
    </Stack>
  );
}
