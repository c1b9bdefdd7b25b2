import { Box, Group, Paper, Text } from '@mantine/core';
import { LogoMark } from '@shared/ui/logo';
import { IconBuildingStore, IconPackageImport, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import classes from './auth-layout.module.css';

/**
 * The frame of the pages before the console: what the product does on the left (wide screens),
 * the language choice and one card on the right.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['auth', 'common']);
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
        <Group justify="space-between" wrap="nowrap" className={classes.topBar}>
          <Group gap="xs" wrap="nowrap" hiddenFrom="md" miw={0}>
            <LogoMark size={28} />
            <Text fw={700} size="sm" truncate>
              {t('common:appName')}
            </Text>
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
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
