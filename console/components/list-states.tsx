import { Alert, Button, Stack } from '@mantine/core';
import { EmptyState } from '@shared/ui/empty-state';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A list that could not load: what failed, and a retry that shows it is working. */
export function LoadFailed(props: { title: string; retrying: boolean; onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" role="alert" title={props.title}>
      <Button
        mt="xs"
        size="xs"
        variant="light"
        color="red"
        onClick={props.onRetry}
        loading={props.retrying}
      >
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}

/** Filters that match nothing: say so, and offer to clear them. */
export function FilteredEmpty(props: {
  title: string;
  hint: string;
  clearLabel: string;
  onClear(): void;
}) {
  return (
    <Stack align="center" gap={0} pb="lg">
      <EmptyState icon={<IconSearch size={28} />} title={props.title} hint={props.hint} py={48} />
      <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={props.onClear}>
        {props.clearLabel}
      </Button>
    </Stack>
  );
}
