import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  PLATFORMS,
  type Platform,
  type Shop,
  ShopAliasRequestSchema,
} from '@shared/contracts/shops';
import { formatDate } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useSetShopAlias, useShops } from '@shared/queries/shops';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconBuildingStore, IconPencil, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';

const MENU = '/thirdPartyPlatform/authorizeList';

const PLATFORM_COLORS = {
  lazada: 'indigo',
  shopee: 'orange',
  tiktok: 'dark',
} as const satisfies Record<Platform, string>;

type Language = 'zh' | 'th' | 'en';

function AliasModal({ shop, onClose }: { shop: Shop; onClose(): void }) {
  const { t } = useTranslation(['shops', 'common']);
  const setAlias = useSetShopAlias();
  const form = useSchemaForm({ shopId: shop.id, alias: shop.alias || shop.name });
  const submit = form.onSubmit(ShopAliasRequestSchema, async (values) => {
    await setAlias.mutateAsync(values);
    toast({ color: 'green', message: t('common:messages.saved') });
    onClose();
  });

  return (
    <Modal opened onClose={onClose} title={t('alias.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('alias.hint', { name: shop.name })}
          </Text>
          <TextInput
            label={t('fields.alias')}
            name="alias"
            value={form.values.alias}
            onChange={(event) => form.set('alias', event.currentTarget.value)}
            error={form.errors.alias}
            maxLength={40}
            data-autofocus
          />
          <FormFailure message={form.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The shops the account may see (spec: shop authorization list). A sub-account sees only the
 * shops its main account shared; the server filters, this page shows what it gets.
 */
export function ShopsPage() {
  const { t, i18n } = useTranslation(['shops', 'common']);
  const language = i18n.language as Language;
  const session = useSession();
  const shops = useShops();
  const [platform, setPlatform] = useState<'all' | Platform>('all');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Shop | null>(null);
  const canEditAlias = allows(session?.routes ?? [], MENU, 'editAlias');

  const visible = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return (shops.data ?? []).filter(
      (shop) =>
        (platform === 'all' || shop.platform === platform) &&
        (!needle ||
          shop.name.toLowerCase().includes(needle) ||
          shop.alias.toLowerCase().includes(needle)),
    );
  }, [shops.data, platform, keyword]);

  const count = (which: 'all' | Platform) =>
    (shops.data ?? []).filter((shop) => which === 'all' || shop.platform === which).length;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {session?.user.isMain ? t('subtitle.main') : t('subtitle.sub')}
          </Text>
        </Stack>
      </Group>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md" gap="sm">
          <ScrollArea type="never" maw="100%">
            <SegmentedControl
              value={platform}
              onChange={(value) => setPlatform(value as 'all' | Platform)}
              data={(['all', ...PLATFORMS] as const).map((value) => ({
                value,
                label: `${t(`platforms.${value}`)} (${count(value)})`,
              }))}
            />
          </ScrollArea>
          <TextInput
            placeholder={t('search')}
            aria-label={t('search')}
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
        {shops.isPending ? (
          <SkeletonRows rows={3} height={44} />
        ) : shops.isError ? (
          <Alert color="red" variant="light" title={t('common:messages.error')}>
            <Button size="xs" variant="light" onClick={() => shops.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<IconBuildingStore size={28} />}
            title={(shops.data ?? []).length === 0 ? t('empty.title') : t('empty.filtered')}
            hint={
              (shops.data ?? []).length === 0
                ? session?.user.isMain
                  ? t('empty.hintMain')
                  : t('empty.hintSub')
                : t('empty.filteredHint')
            }
            py={48}
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="shops-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.shop')}</Table.Th>
                  <Table.Th>{t('fields.platform')}</Table.Th>
                  <Table.Th>{t('fields.site')}</Table.Th>
                  <Table.Th>{t('fields.type')}</Table.Th>
                  <Table.Th>{t('fields.status')}</Table.Th>
                  <Table.Th>{t('fields.authorizedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.map((shop) => (
                  <Table.Tr key={shop.id} data-testid="shop-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Stack gap={0}>
                          <Text fw={600} size="sm">
                            {shop.alias || shop.name}
                          </Text>
                          {shop.alias && shop.alias !== shop.name && (
                            <Text size="xs" c="dimmed">
                              {shop.name}
                            </Text>
                          )}
                        </Stack>
                        {canEditAlias && (
                          <Tooltip label={t('alias.title')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="sm"
                              aria-label={t('alias.editFor', { name: shop.alias || shop.name })}
                              onClick={() => setEditing(shop)}
                            >
                              <IconPencil size={14} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={PLATFORM_COLORS[shop.platform]}>
                        {t(`platforms.${shop.platform}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{t(`common:sites.${shop.site}`)}</Table.Td>
                    <Table.Td>{t(`types.${shop.type}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={shop.status === 'normal' ? 'green' : 'red'}>
                        {t(`status.${shop.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(shop.authorizedAt, language)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && <AliasModal shop={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
