import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { signOut } from '@shared/api/session-actions';
import {
  BUSINESS_TYPES,
  type BusinessType,
  OnboardingRequestSchema,
} from '@shared/contracts/accounts';
import type { Site } from '@shared/contracts/sites';
import { useApi } from '@shared/queries/api-context';
import { useSession, useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconArrowsExchange, IconBuildingWarehouse, IconPlaneDeparture } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import classes from './onboarding-page.module.css';

const TYPE_ICONS = {
  crossBorder: IconPlaneDeparture,
  local: IconBuildingWarehouse,
  both: IconArrowsExchange,
} as const satisfies Record<BusinessType, unknown>;

/**
 * The step a new account takes before the console (decisions.md, "login check returns no data"):
 * its main site and its business type.
 */
export function OnboardingPage() {
  const { t } = useTranslation(['signup', 'common']);
  const api = useApi();
  const store = useSessionStore();
  const session = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [sites, setSites] = useState<Site[] | null>(null);
  const form = useSchemaForm({
    site: session?.user.site ?? 'th',
    businessType: 'crossBorder' as BusinessType,
  });
  const { setFailure } = form;

  useEffect(() => {
    const controller = new AbortController();
    api.sites.list({ signal: controller.signal }).then(setSites, (failure: unknown) => {
      if (!controller.signal.aborted) setFailure(errorText(failure));
    });
    return () => controller.abort();
  }, [api, errorText, setFailure]);

  const submit = form.onSubmit(OnboardingRequestSchema, async (values) => {
    await api.users.onboarding(values);
    store.getState().updateUser(await api.users.userInfo());
    store.getState().markOnboarded();
    toast({ color: 'green', message: t('onboarding.welcome') });
    await navigate({ to: '/cmpDashboard', replace: true });
  });

  return (
    <AuthLayout>
      <Stack gap={4} mb="lg">
        <Title order={2}>{t('onboarding.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('onboarding.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate data-testid="onboarding-form">
        <Stack gap="lg">
          {sites ? (
            <Select
              label={t('onboarding.site')}
              description={t('onboarding.siteHint')}
              data={sites.map((site) => ({
                value: site.site,
                label: site.currency
                  ? `${t(`common:sites.${site.site}`)} · ${site.currency}`
                  : t(`common:sites.${site.site}`),
              }))}
              value={form.values.site}
              onChange={(value) => value && form.set('site', value as typeof form.values.site)}
              allowDeselect={false}
              error={form.errors.site}
              name="site"
              data-testid="onboarding-site"
            />
          ) : (
            <Skeleton height={62} />
          )}
          <Radio.Group
            label={t('onboarding.businessType')}
            value={form.values.businessType}
            onChange={(value) => form.set('businessType', value as BusinessType)}
            error={form.errors.businessType}
            name="businessType"
          >
            <Stack gap="xs" mt="xs">
              {BUSINESS_TYPES.map((type) => {
                const Icon = TYPE_ICONS[type];
                return (
                  <Radio.Card
                    key={type}
                    value={type}
                    className={classes.card}
                    radius="md"
                    data-testid={`business-${type}`}
                  >
                    <Group wrap="nowrap" align="center" gap="sm">
                      <Radio.Indicator />
                      <ThemeIcon variant="light" size={36} radius="md">
                        <Icon size={20} />
                      </ThemeIcon>
                      <div>
                        <Text fw={600} size="sm">
                          {t(`common:businessTypes.${type}`)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`onboarding.types.${type}`)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                );
              })}
            </Stack>
          </Radio.Group>
          {form.failure && (
            <Alert color="red" variant="light" role="alert">
              {form.failure}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={form.submitting} disabled={!sites}>
            {t('onboarding.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="md">
        <Anchor component="button" type="button" size="sm" onClick={() => signOut(api, store)}>
          {t('onboarding.signOut')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
