import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { Profile } from '@shared/contracts/accounts';
import { useFileSrc } from '@shared/queries/files';
import { useUpdateProfile, useUploadAvatar } from '@shared/queries/profile';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshSessionUser } from '../../components/use-refresh-session-user';
import { initials } from './settings-common';

/** What the server stores (it checks the bytes too); checked here first to spare the upload. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * The avatar with its picture or initial; beside it `children` (the name) and, with the `edit`
 * button, change and remove.
 */
export function SettingsAvatar({
  profile,
  canEdit,
  children,
}: {
  profile: Profile;
  canEdit: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const refreshSessionUser = useRefreshSessionUser();
  const upload = useUploadAvatar();
  const update = useUpdateProfile();
  const resetRef = useRef<() => void>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || update.isPending;
  const src = useFileSrc(profile.headImgUrl);

  async function choose(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setError(t('avatar.wrongType'));
      return;
    }
    if (file.size > IMAGE_LIMIT_BYTES) {
      setError(t('avatar.tooLarge'));
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync(file);
      await refreshSessionUser();
      toast({ color: 'green', message: t('avatar.updated') });
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function remove() {
    setError(null);
    try {
      await update.mutateAsync({ headImgUrl: '' });
      await refreshSessionUser();
      toast({ color: 'green', message: t('avatar.removed') });
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Group gap="lg" wrap="nowrap" align="flex-start">
      <Avatar
        src={src}
        alt={t('avatar.alt')}
        size={84}
        radius="xl"
        color="cmp"
        data-testid="settings-avatar"
      >
        <Text fz={32} fw={600} c="inherit">
          {initials(profile.name)}
        </Text>
      </Avatar>
      <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
        {children}
        {canEdit && (
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton
                onChange={choose}
                accept={IMAGE_TYPES.join(',')}
                resetRef={resetRef}
                disabled={busy}
                inputProps={{ 'aria-label': t('avatar.change') }}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconUpload size={14} />}
                    loading={upload.isPending}
                    disabled={update.isPending}
                  >
                    {t('avatar.change')}
                  </Button>
                )}
              </FileButton>
              {profile.headImgUrl && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconTrash size={14} />}
                  onClick={remove}
                  loading={update.isPending}
                  disabled={upload.isPending}
                >
                  {t('avatar.remove')}
                </Button>
              )}
            </Group>
            {error ? (
              <Text size="xs" c="red" role="alert" data-testid="avatar-error">
                {error}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {t('avatar.hint')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Group>
  );
}
