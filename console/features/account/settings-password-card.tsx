import { Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { ChangePasswordRequestSchema } from '@shared/contracts/accounts';
import { useChangePassword } from '@shared/queries/profile';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFailure, NewPasswordFields } from '../../components/form-parts';
import { useSettingsPermission } from './settings-common';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Current, new and confirmed password; the server signs every other device out. */
function PasswordForm() {
  const { t } = useTranslation(['settings', 'common']);
  const change = useChangePassword();
  const form = useSchemaForm(EMPTY);
  const submit = form.onSubmit(ChangePasswordRequestSchema, async (values) => {
    await change.mutateAsync(values);
    form.setValues(EMPTY);
    form.setErrors({});
    toast({ color: 'green', message: t('password.changed'), autoClose: 5000 });
  });

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
        <NewPasswordFields
          form={form}
          labels={{
            password: t('password.new'),
            rule: t('password.rule'),
            confirm: t('password.confirm'),
          }}
        />
        <FormFailure message={form.failure} testId="password-error" />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
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
