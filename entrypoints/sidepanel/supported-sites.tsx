import { siteHost, siteName } from '@extension/pages/site-names';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { SOURCE_SITES } from '@shared/contracts/product-draft';
import { EmptyState } from '@shared/ui/empty-state';
import { IconWorldSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The page is not on a source site: where collecting works instead. */
export function SupportedSites({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('extension');
  return (
    <Stack gap="md" data-testid="panel-unsupported">
      <EmptyState
        py={compact ? 16 : 32}
        icon={<IconWorldSearch size={24} />}
        title={t('panel.unsupportedTitle')}
        hint={t('sidepanel.emptyHint')}
      />
      <Paper withBorder radius="md" p="sm">
        <Text size="xs" fw={600} c="dimmed" mb={6}>
          {t('panel.supportedSites')}
        </Text>
        <Stack gap={6}>
          {SOURCE_SITES.map((site) => (
            <Group key={site} justify="space-between" wrap="nowrap" data-testid="supported-site">
              <Text size="sm" fw={500}>
                {siteName(site, i18n.language)}
              </Text>
              <Badge variant="light" color="gray" tt="none">
                {siteHost(site)}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
