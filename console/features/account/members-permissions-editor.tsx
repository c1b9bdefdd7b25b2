import {
  Alert,
  Badge,
  Checkbox,
  Divider,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import type { Platform } from '@shared/contracts/shops';
import type { MenuGrant } from '@shared/contracts/sub-accounts';
import { grantableMenus, HOME_URL } from '@shared/permissions';
import { useShops } from '@shared/queries/shops';
import { Fragment, memo, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonLabel, menuGroup, menuTitle } from './members-menu-titles';

/** The menus a sub-account can be given, each with every button it offers, in catalogue order. */
const MENUS = grantableMenus();

/** The grants a new sub-account starts with: the home page only, which the server always keeps. */
export const HOME_ONLY: MenuGrant[] = [{ url: HOME_URL, buttons: [] }];

/** Grants cleaned to what can be granted, in catalogue order, always with the home page. */
function normalise(grants: readonly MenuGrant[]): MenuGrant[] {
  const held = new Map(grants.map((grant) => [grant.url, new Set(grant.buttons)]));
  return MENUS.flatMap((menu) => {
    const buttons = held.get(menu.url);
    if (!buttons && menu.url !== HOME_URL) return [];
    return [{ url: menu.url, buttons: menu.buttons.filter((button) => buttons?.has(button)) }];
  });
}

const ALL_GRANTS = normalise(MENUS);

/** Marketplace names are brands: the same in every language. */
const PLATFORM_NAMES: Record<Platform, string> = {
  lazada: 'Lazada',
  shopee: 'Shopee',
  tiktok: 'TikTok',
};

/** Menus grouped as the editor lists them; groups in the order their first menu appears. */
const GROUPS = (() => {
  const groups = new Map<ReturnType<typeof menuGroup>, MenuGrant[]>();
  for (const menu of MENUS) {
    const group = menuGroup(menu.url);
    groups.set(group, [...(groups.get(group) ?? []), menu]);
  }
  return [...groups];
})();

/**
 * Which menus, and which buttons on them, a sub-account holds. A menu's box grants the menu with
 * every button (a dash when only some buttons are held); the buttons of a held menu show below it
 * and can be taken away one by one. The home page is always held.
 */
export const MenuGrantsEditor = memo(function MenuGrantsEditor({
  value,
  onChange,
}: {
  value: readonly MenuGrant[];
  onChange(grants: MenuGrant[]): void;
}) {
  const { t } = useTranslation(['members', 'common']);
  const held = new Map(normalise(value).map((grant) => [grant.url, new Set(grant.buttons)]));
  const isFull = (menu: MenuGrant) =>
    menu.buttons.every((button) => held.get(menu.url)?.has(button)) && held.has(menu.url);
  const optional = MENUS.filter((menu) => menu.url !== HOME_URL);
  const grantedCount = MENUS.filter((menu) => held.has(menu.url)).length;
  const allFull = MENUS.every(isFull);
  const noneBeyondHome = optional.every((menu) => !held.has(menu.url));

  function update(url: string, buttons: Set<string> | null) {
    const next = new Map(held);
    if (buttons) next.set(url, buttons);
    else next.delete(url);
    onChange(normalise([...next].map(([menuUrl, set]) => ({ url: menuUrl, buttons: [...set] }))));
  }

  return (
    <Stack gap="xs" role="group" aria-label={t('permissions.menus')}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          label={t('permissions.selectAll')}
          checked={allFull}
          indeterminate={!allFull && !noneBeyondHome}
          onChange={() => onChange(allFull ? HOME_ONLY : ALL_GRANTS)}
          fw={600}
        />
        <Text size="sm" c="dimmed" data-testid="grants-count">
          {t('permissions.selected', { count: grantedCount, total: MENUS.length })}
        </Text>
      </Group>
      <Paper withBorder radius="md">
        <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
          <Stack gap={0} p="sm">
            {GROUPS.map(([group, menus], index) => (
              <Fragment key={group}>
                {index > 0 && <Divider my="xs" />}
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
                  {t(`groups.${group}`)}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                  {menus.map((menu) => {
                    const title = menuTitle(t, menu.url);
                    const buttons = held.get(menu.url);
                    if (menu.url === HOME_URL) {
                      return (
                        <Checkbox
                          key={menu.url}
                          label={title}
                          description={t('permissions.alwaysOn')}
                          checked
                          disabled
                          readOnly
                        />
                      );
                    }
                    const full = isFull(menu);
                    return (
                      <Stack key={menu.url} gap={6}>
                        <Checkbox
                          label={title}
                          name="grants"
                          value={menu.url}
                          description={
                            menu.buttons.length === 0 ? t('permissions.noButtons') : undefined
                          }
                          checked={full}
                          indeterminate={!full && buttons !== undefined}
                          onChange={() => update(menu.url, full ? null : new Set(menu.buttons))}
                        />
                        {buttons && menu.buttons.length > 0 && (
                          <Group
                            gap="xs"
                            pl={30}
                            role="group"
                            aria-label={t('permissions.menuButtons', { menu: title })}
                          >
                            {menu.buttons.map((button) => (
                              <Checkbox
                                key={button}
                                size="xs"
                                label={buttonLabel(t, button)}
                                checked={buttons?.has(button) ?? false}
                                onChange={(event) => {
                                  const next = new Set(buttons);
                                  if (event.currentTarget.checked) next.add(button);
                                  else next.delete(button);
                                  update(menu.url, next);
                                }}
                              />
                            ))}
                          </Group>
                        )}
                      </Stack>
                    );
                  })}
                </SimpleGrid>
              </Fragment>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
});

/** The shops a sub-account works on: the main account's shops, with an "all shops" box. */
export const ShopPicker = memo(function ShopPicker({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange(shopIds: string[]): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['members', 'common']);
  const shops = useShops();
  const labelId = useId();
  const list = shops.data ?? [];
  const chosen = new Set(value.filter((id) => list.some((shop) => shop.id === id)));
  const all = list.length > 0 && chosen.size === list.length;

  let body: ReactNode;
  if (shops.isPending) {
    body = (
      <Stack gap="xs">
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (shops.isError) {
    body = (
      <Alert color="red" variant="light">
        {t('shops.loadError')}
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('shops.none')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label={t('shops.all')}
            checked={all}
            indeterminate={!all && chosen.size > 0}
            onChange={() => onChange(all ? [] : list.map((shop) => shop.id))}
            fw={600}
          />
          <Text size="sm" c="dimmed">
            {t('shops.selected', { count: chosen.size, total: list.length })}
          </Text>
        </Group>
        <Paper withBorder radius="md" p="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            {list.map((shop) => (
              <Checkbox
                key={shop.id}
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <span>{shop.alias || shop.name}</span>
                    <Badge size="xs" variant="light" color="gray" tt="none">
                      {PLATFORM_NAMES[shop.platform]}
                    </Badge>
                  </Group>
                }
                aria-label={shop.alias || shop.name}
                name="shopIds"
                value={shop.id}
                checked={chosen.has(shop.id)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.currentTarget.checked) next.add(shop.id);
                  else next.delete(shop.id);
                  onChange(list.filter((item) => next.has(item.id)).map((item) => item.id));
                }}
              />
            ))}
          </SimpleGrid>
        </Paper>
        {chosen.size === 0 && (
          <Text size="xs" c="orange.8">
            {t('shops.noneSelected')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <div>
        <Text size="sm" fw={500} id={labelId}>
          {t('shops.label')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('shops.hint')}
        </Text>
      </div>
      {body}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});
