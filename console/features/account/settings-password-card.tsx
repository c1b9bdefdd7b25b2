import { Alert, Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { ChangePasswordRequestSchema } from '@shared/contracts/accounts';
import { useChangePassword } from '@shared/queries/profile';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsPermission } from './settings-common';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Current, new and confirmed password; the server signs every other device out. */
function PasswordForm() {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const change = useChangePassword();
  const form = useSchemaForm(EMPTY);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    setError(null);
    const values = await form.check(ChangePasswordRequestSchema);
    if (!values) return;
    try {
      await change.mutateAsync(values);
      form.setValues(EMPTY);
      form.setErrors({});
      toast({ color: 'green', message: t('password.changed'), autoClose: 5000 });
    } catch (failure) {
      if (!form.showServerErrors(failure)) setError(errorText(failure));
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="password-form">
      <Stack gap="sm">
        <PasswordInput
          label={t('password.old')}
          autoComplete="current-password"
          name="oldPassword"
          value={form.values.oldPassword}
          onChange={(event) => form.set('oldPassword', event.currentTarget.value)}
          error={form.errors.oldPassword}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rule')}
          autoComplete="new-password"
          name="password"
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errors.password}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          name="confirmPassword"
          value={form.values.confirmPassword}
          onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
          error={form.errors.confirmPassword}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="password-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SettingsPasswordCard() {
  const { t } = useTranslation('settings');
  const canChange = useSettingsPermission('changePassword');

  return (
    <Card withBorder radius="md" padding="lg" data-testid="password-card">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text fw={600}>{t('password.title')}</Text>
        <IconLock size={20} stroke={1.6} />
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('password.description')}
      </Text>
      {canChange ? (
        <PasswordForm />
      ) : (
        <Text size="sm" c="dimmed" data-testid="password-not-allowed">
          {t('password.noPermission')}
        </Text>
      )}
    </Card>
  );
}
