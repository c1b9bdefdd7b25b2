import { ApiError } from '@shared/api/errors';
import type { DialogErrorKey } from '@shared/contracts/errors';
import type { SessionStore } from '@shared/session/store';
import { describeError } from '@shared/ui/error-message';
import { toast as showToast } from '@shared/ui/toast';
import type { TFunction } from 'i18next';
import { rememberTarget } from '../platform/preferences';
import type { ErrorHandler } from '../platform/query-client';
import { type GlobalDialog, useDialogsStore } from '../stores/dialogs-store';

/** How long an error toast stays (spec section 9). */
const ERROR_TOAST_MS = 5000;

const DIALOG_OF_KEY: Record<
  DialogErrorKey,
  Exclude<GlobalDialog['kind'], 'insufficient-balance'>
> = {
  PLATFORM_OAUTH_ERROR: 'shop-authorization',
  NO_AUTHORIZED_PLATFORM: 'shop-authorization',
  WAREHOUSE_NOT_BUY: 'store-open',
  YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT: 'payment',
};

function toast(message: string) {
  showToast({ color: 'red', message, autoClose: ERROR_TOAST_MS });
}

/**
 * The one place the console answers a failed call (spec section 8). `inline` means the screen
 * shows the message itself, so no toast; session ends and dialogs happen regardless.
 */
export function createErrorHandler(deps: {
  win: Window;
  session: SessionStore;
  t: TFunction<['common', 'errors']>;
  currentPath(): string;
}): ErrorHandler {
  return (error, options = {}) => {
    if (!(error instanceof ApiError)) {
      if (!options.inline) toast(deps.t('common:messages.error'));
      return;
    }
    switch (error.kind) {
      case 'canceled':
        return;
      case 'auth': {
        if (!deps.session.getState().snapshot.session) return;
        rememberTarget(deps.win, deps.currentPath());
        toast(describeError(deps.t, error));
        deps.session.getState().signOut();
        return;
      }
      case 'insufficient-balance':
        useDialogsStore.getState().open({
          kind: 'insufficient-balance',
          message: describeError(deps.t, error),
          datas: error.datas,
        });
        return;
      case 'dialog': {
        const kind = DIALOG_OF_KEY[error.key as DialogErrorKey];
        useDialogsStore
          .getState()
          .open(
            kind === 'shop-authorization'
              ? { kind, key: error.key, message: error.serverMessage, datas: error.datas }
              : { kind, datas: error.datas },
          );
        return;
      }
      default:
        if (!options.inline) toast(describeError(deps.t, error));
    }
  };
}
