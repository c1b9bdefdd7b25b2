import {
  Badge,
  Box,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { Coupon, CouponState } from '@shared/contracts/coupons';
import { allows } from '@shared/permissions';
import { useCoupons } from '@shared/queries/coupons';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconTicket, IconTicketOff } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { CouponCard, USE_TARGETS } from './coupon-card';
import {
  COUPON_SCOPE_LIST,
  COUPON_TABS,
  type CouponCenterSearch,
  validateCouponCenterSearch,
} from './coupon-center-search';

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
  const search = validateCouponCenterSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const routes = useSession()?.routes ?? [];
  const status: CouponState = search.status ?? 'unused';
  const page = search.page ?? 1;

  const setSearch = (next: CouponCenterSearch, replace = false) =>
    void navigate({ to: MENU_URL, search: validateCouponCenterSearch({ ...next }), replace });

  const list = useCoupons({
    page,
    limit: PAGE_SIZE,
    status,
    ...(search.scope ? { scope: search.scope } : {}),
  });
  const total = list.data?.total ?? 0;
  const counts = list.data?.counts;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  // Past the last page (a hand-edited address, coupons used meanwhile): show the new last page.
  const pastEnd = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) void navigate({ to: MENU_URL, search: { ...search, page: pages }, replace: true });
  }, [pastEnd, navigate, search, pages]);

  const targetOf = (coupon: Coupon) => {
    const url = coupon.scope === 'recharge' ? USE_TARGETS.recharge : USE_TARGETS.order;
    return allows(routes, url) ? url : null;
  };

  let content: ReactNode;
  if (list.isPending) content = <CardsSkeleton />;
  else if (list.isError)
    content = (
      <LoadFailed
        title={t('coupons.list.loadError')}
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  else if (total === 0 && search.scope)
    content = (
      <FilteredEmpty
        title={t('coupons.empty.filteredTitle')}
        hint={t('coupons.empty.filteredHint')}
        clearLabel={t('coupons.actions.clearFilters')}
        onClear={() => setSearch(search.status ? { status: search.status } : {})}
      />
    );
  else if (total === 0)
    content = (
      <Box data-testid="coupon-empty" data-status={status}>
        <EmptyState
          icon={status === 'unused' ? <IconTicket size={28} /> : <IconTicketOff size={28} />}
          title={t(`coupons.empty.${status}Title`)}
          hint={t(`coupons.empty.${status}Hint`)}
          py={48}
        />
      </Box>
    );
  else
    content = (
      <Stack gap="md">
        <SimpleGrid
          cols={{ base: 1, lg: 2 }}
          spacing="md"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={list.isPlaceholderData}
          data-testid="coupon-grid"
        >
          {list.data.records.map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} target={targetOf(coupon)} />
          ))}
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="coupon-total">
            {t('coupons.list.total', { count: total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('coupons.list.pagination')}>
              <Pagination
                value={page}
                onChange={(next) => setSearch({ ...search, page: next })}
                total={pages}
                size="sm"
              />
            </nav>
          )}
        </Group>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('coupons.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('coupons.intro')}
        </Text>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Tabs
              value={status}
              onChange={(value) => {
                const tab = COUPON_TABS.find((entry) => entry === value) ?? 'unused';
                setSearch({
                  ...(tab === 'unused' ? {} : { status: tab }),
                  ...(search.scope ? { scope: search.scope } : {}),
                });
              }}
            >
              <Tabs.List>
                {COUPON_TABS.map((tab) => (
                  <Tabs.Tab key={tab} value={tab} data-testid={`coupon-tab-${tab}`}>
                    <Group gap={6} wrap="nowrap">
                      <span>{t(`coupons.tabs.${tab}`)}</span>
                      {counts && (
                        <Badge
                          size="sm"
                          variant={tab === status ? 'filled' : 'light'}
                          color={tab === status ? undefined : 'gray'}
                          data-testid={`coupon-count-${tab}`}
                        >
                          {counts[tab]}
                        </Badge>
                      )}
                    </Group>
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
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
              value={search.scope ?? 'all'}
              allowDeselect={false}
              comboboxProps={{ hideDetached: false }}
              onChange={(value) => {
                const { scope: _scope, page: _page, ...rest } = search;
                const scope = COUPON_SCOPE_LIST.find((entry) => entry === value);
                setSearch(scope ? { ...rest, scope } : rest);
              }}
              data-testid="coupon-scope-filter"
            />
          </Group>
          {content}
        </Stack>
      </Card>
    </Stack>
  );
}
