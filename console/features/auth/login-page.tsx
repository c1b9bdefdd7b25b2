import { Box, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { signInWithPassword } from '@shared/api/session-actions';
import type { LoginByPasswordRequest } from '@shared/contracts/auth';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { LoginForm } from '@shared/ui/login-form';
import { LogoMark } from '@shared/ui/logo';
import { toast } from '@shared/ui/toast';
import { IconBuildingStore, IconPackageImport, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/language-switch';
import classes from './login-page.module.css';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const api = useApi();
  const session = useSessionStore();

  /** Signs in; the login route's guard then takes the user where they were going. */
  async function submit(values: LoginByPasswordRequest) {
    try {
      const { message } = await signInWithPassword(api, session, values);
      toast({ color: 'green', message });
    } catch (error) {
      throw new Error(errorText(error));
    }
  }

  return (
    <Box className={classes.page}>
      <section className={classes.hero}>
        <div className={classes.heroInner}>
          <div className={classes.brand}>
            <LogoMark size={40} />
            <span>{t('common:appName')}</span>
          </div>
          <h1 className={classes.heroTitle}>{t('hero.title')}</h1>
          <p className={classes.heroText}>{t('hero.subtitle')}</p>
          <ul className={classes.points}>
            {(
              [
                ['shops', IconBuildingStore],
                ['collect', IconPackageImport],
                ['fulfil', IconWorld],
              ] as const
            ).map(([key, Icon]) => (
              <li key={key}>
                <span className={classes.pointIcon}>
                  <Icon size={18} />
                </span>
                {t(`hero.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Box className={classes.formSide}>
        <Group justify="space-between" className={classes.topBar}>
          <Group gap="xs" hiddenFrom="md">
            <LogoMark size={28} />
            <Text fw={700}>{t('common:appName')}</Text>
          </Group>
          <Box ml="auto">
            <LanguageSwitch />
          </Box>
        </Group>
        <Paper
          className={classes.card}
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 36 }}
          shadow="sm"
        >
          <Stack gap={4} mb="lg">
            <Title order={2}>{t('title')}</Title>
            <Text c="dimmed" size="sm">
              {t('subtitle')}
            </Text>
          </Stack>
          <Tabs defaultValue="password" mb="lg">
            <Tabs.List>
              <Tabs.Tab value="password">{t('tabs.password')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <LoginForm onSubmit={submit} />
        </Paper>
      </Box>
    </Box>
  );
}
