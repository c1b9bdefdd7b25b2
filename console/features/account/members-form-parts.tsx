import { Button, Group, Modal, type ModalProps, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ApiError } from '@shared/api/errors';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';

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

/** The foot of a dialog's form: why the last try failed, then cancel and submit. */
export function FormFooter({
  form,
  submitLabel,
  onCancel,
}: {
  form: { failure: string | null; submitting: boolean };
  submitLabel: string;
  onCancel(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormFailure message={form.failure} />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel} disabled={form.submitting}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={form.submitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
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
