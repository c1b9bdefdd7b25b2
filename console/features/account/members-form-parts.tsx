import { Button, Group, Modal, type ModalProps, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ApiError } from '@shared/api/errors';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Phones get full-screen dialogs: a long form in a small box is hard to fill in. */
export function MembersModal(props: ModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Modal centered radius="lg" fullScreen={phone === true} {...props} />;
}

/** A titled part of a long form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={4} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Cancel and submit at the foot of a dialog's form. */
export function FormActions({
  submitLabel,
  loading,
  onCancel,
}: {
  submitLabel: string;
  loading: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={loading}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** The password rule, as a field's description. */
export function PasswordRule() {
  const { t } = useTranslation('members');
  return (
    <Text component="span" size="xs" c="dimmed">
      {t('form.passwordRule')}
    </Text>
  );
}

/** Whether a failure is the server saying the e-mail or mobile already has an account. */
export function isAccountInUse(error: unknown): boolean {
  return error instanceof ApiError && error.key === 'ACCOUNT_IN_USE';
}

/**
 * A callback that keeps its identity across renders and always calls the latest version, so the
 * heavy editors (shops, menus) skip re-rendering while the user types in the other fields.
 */
export function useStableCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
): (...args: Args) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
