import { Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogsStore } from '../../stores/dialogs-store';

/** The dialog's body, its words and queries load with its first opening. */
const StoreOpenBody = lazy(async () => ({
  default: (await import('./store-open-dialog')).StoreOpenBody,
}));

/**
 * The store-open dialog of spec section 8 (key WAREHOUSE_NOT_BUY, or the warehouse page's Open
 * button), opened through the dialogs store like the other global dialogs, drawn in the shell.
 */
export function StoreOpenModal() {
  const { t } = useTranslation();
  const opened = useDialogsStore((state) => state.current?.kind === 'store-open');
  const close = useDialogsStore((state) => state.close);
  return (
    <Modal opened={opened} onClose={close} title={t('dialogs.storeOpen.title')} centered>
      {opened && (
        <Suspense fallback={<Loader size="sm" />}>
          <StoreOpenBody onClose={close} />
        </Suspense>
      )}
    </Modal>
  );
}
