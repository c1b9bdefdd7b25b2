import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What will happen, in the seller's words. */
  message: ReactNode;
  confirmLabel?: string;
  /** Red for actions that destroy or lock something. */
  danger?: boolean;
  loading?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The question before a destructive or far-reaching action; Enter confirms, Escape cancels. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Stack>
          <Text size="sm">{message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              color={danger ? 'red' : undefined}
              loading={loading}
              data-autofocus
            >
              {confirmLabel ?? t('actions.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
