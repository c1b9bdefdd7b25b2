import {
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Input,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import {
  AuthorizeUrlRequestSchema,
  PLATFORM_SITES,
  PLATFORMS,
  type Platform,
  type ShopDetail,
} from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';
import { useAuthorizeUrl, usePlatformTypes } from '@shared/queries/shops';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import { PlatformIcon } from '../../components/platform-icon';
import { consentPage } from './authorize-consent';
import type { AuthorizePreset } from './authorize-search';
import classes from './shops.module.css';

/** Whether a shop of this type sells across borders (its authorization is a cross-border one). */
function isCrossBorderShop(shop: Pick<ShopDetail, 'type'>): boolean {
  return shop.type === 'crossBorder' || shop.type === 'global';
}

interface PlatformChoice {
  platform: Platform;
  iconUrl: string;
  sites: readonly SiteCode[];
  sandbox: boolean;
}

/**
 * The marketplaces to choose from: the server's list, empty while it loads or when it cannot be
 * read (spec section 3). A platform offers the sites of PLATFORM_SITES that the server also lists
 * for it.
 */
function usePlatformChoices() {
  const platforms = usePlatformTypes();
  const choices = useMemo((): PlatformChoice[] => {
    const listed = new Map((platforms.data ?? []).map((entry) => [entry.platformType, entry]));
    const fromServer = PLATFORMS.filter((platform) => listed.has(platform));
    return fromServer.map((platform) => {
      const entry = listed.get(platform);
      const known: readonly SiteCode[] = PLATFORM_SITES[platform];
      const sites = entry?.sites.length
        ? known.filter((site) => entry.sites.includes(site))
        : known;
      return {
        platform,
        iconUrl: entry?.iconUrl ?? '',
        sites: sites.length > 0 ? sites : known,
        sandbox: entry?.sandbox ?? false,
      };
    });
  }, [platforms.data]);
  return { choices, platforms };
}

function AuthorizeForm({
  preset,
  shop,
  onClose,
}: {
  preset: AuthorizePreset;
  shop: ShopDetail | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['shops', 'common']);
  const { choices, platforms } = usePlatformChoices();
  const authorize = useAuthorizeUrl();
  const [leaving, setLeaving] = useState(false);
  const form = useSchemaForm({
    platform: (shop?.platform ?? preset.platform ?? null) as Platform | null,
    sites: (shop ? [shop.site] : []) as SiteCode[],
    crossBorder: shop ? isCrossBorderShop(shop) : (preset.crossBorder ?? false),
  });
  const { values } = form;
  const choice = choices.find((entry) => entry.platform === values.platform) ?? null;
  const multiSiteNote =
    values.platform === 'lazada' && (values.sites.length > 1 || values.crossBorder);

  function choosePlatform(platform: Platform) {
    const next = choices.find((entry) => entry.platform === platform);
    form.set('platform', platform);
    // Keep the sites the new platform also sells on.
    form.set(
      'sites',
      values.sites.filter((site) => next?.sites.includes(site)),
    );
  }

  const submit = form.onSubmit(
    AuthorizeUrlRequestSchema,
    async (input) => {
      const { url } = await authorize.mutateAsync(input);
      setLeaving(true);
      consentPage.open(url);
    },
    {
      input: () => ({
        platform: values.platform ?? undefined,
        sites: values.sites,
        crossBorder: values.crossBorder,
        ...(shop ? { shopId: shop.id } : {}),
      }),
      // A key that opens the global dialog has been answered there.
      onError: (error) => error instanceof ApiError && error.kind === 'dialog',
    },
  );

  return (
    <form onSubmit={submit} noValidate data-testid="authorize-form">
      <Stack gap="md">
        {shop ? (
          <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
            {t('authorize.reauthorizeHint', { name: shop.alias || shop.name })}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('authorize.intro')}
          </Text>
        )}
        {platforms.isError && (
          <LoadFailed
            title={t('authorize.platformsLoadError')}
            retrying={platforms.isFetching}
            onRetry={() => platforms.refetch()}
          />
        )}
        <Radio.Group
          label={t('authorize.platform')}
          value={values.platform}
          onChange={(value) => choosePlatform(value as Platform)}
          error={form.errors.platform ? t('authorize.choosePlatform') : undefined}
          name="platform"
        >
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt="xs">
            {choices.map((entry) => (
              <Radio.Card
                key={entry.platform}
                value={entry.platform}
                className={classes.platformCard}
                radius="md"
                disabled={shop !== null && shop.platform !== entry.platform}
                data-testid={`authorize-platform-${entry.platform}`}
              >
                <Group wrap="nowrap" gap="sm">
                  <PlatformIcon platform={entry.platform} iconUrl={entry.iconUrl} size={28} />
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {t(`platforms.${entry.platform}`)}
                    </Text>
                    {entry.sandbox && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('authorize.sandbox')}
                      </Badge>
                    )}
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Input.Wrapper
          label={t('authorize.sites')}
          description={choice ? t('authorize.sitesHint') : t('authorize.choosePlatformFirst')}
          error={form.errors.sites}
          labelElement="div"
        >
          <Chip.Group
            multiple
            value={values.sites}
            onChange={(value) => form.set('sites', value as SiteCode[])}
          >
            <Group gap={6} mt={6} role="group" aria-label={t('authorize.sites')}>
              {(choice?.sites ?? []).map((site) => (
                <Chip
                  key={site}
                  value={site}
                  size="sm"
                  disabled={shop !== null && shop.site !== site}
                >
                  {t(`common:sites.${site}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <Switch
          label={t('authorize.crossBorder')}
          description={t('authorize.crossBorderHint')}
          checked={values.crossBorder}
          onChange={(event) => form.set('crossBorder', event.currentTarget.checked)}
          disabled={shop !== null}
        />
        {multiSiteNote && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle size={18} />}
            data-testid="lazada-multi-site-note"
          >
            {t('authorize.lazadaMultiSite')}
          </Alert>
        )}
        <FormFailure message={form.failure} testId="authorize-failure" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={form.submitting || leaving}
            rightSection={<IconExternalLink size={16} />}
          >
            {values.platform
              ? t('authorize.submitTo', { platform: t(`platforms.${values.platform}`) })
              : t('authorize.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Authorize a shop (or renew one): the platform, its sites, cross-border or local; then off to the
 * platform's consent page. Opens preset when asked from elsewhere.
 */
export function AuthorizeDialog({
  opened,
  onClose,
  preset = {},
  shop = null,
}: {
  opened: boolean;
  onClose(): void;
  preset?: AuthorizePreset;
  /** Renew this shop's authorization: its platform, site and kind stay. */
  shop?: ShopDetail | null;
}) {
  const { t } = useTranslation('shops');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shop ? t('authorize.reauthorizeTitle') : t('authorize.title')}
      size="lg"
      centered
    >
      <AuthorizeForm preset={preset} shop={shop} onClose={onClose} />
    </Modal>
  );
}
