import { MantineProvider, mergeThemeOverrides, PasswordInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { i18n } from 'i18next';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ApiClient } from '../api/client';
import { ApiProvider } from '../queries/api-context';
import { SessionProvider } from '../session/react';
import type { SessionStore } from '../session/store';
import { theme } from './theme';
import './toasts.css';
import { useToastsRequested } from './toast';

/** The toast container; toasts raised before it mounts wait in its store. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

export interface AppProvidersProps {
  i18n: i18n;
  api: ApiClient;
  session: SessionStore;
  children: ReactNode;
}

/** The providers every React program of ours runs under: theme, words, API and session. */
function ToastContainer() {
  const requested = useToastsRequested();
  const phone = useMediaQuery('(max-width: 48em)');
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Never over the header and its menus: at the bottom on phones, below the 56px header on wider screens. */}
      <Notifications
        position={phone ? 'bottom-center' : 'top-center'}
        zIndex={1000}
        classNames={{ root: 'cmp-toasts' }}
      />
    </Suspense>
  );
}

/**
 * Server data (TanStack Query) is provided by each program where it is first needed, so a screen
 * without server data (the console's login page) does not load the query library.
 */
export function AppProviders({ i18n, api, session, children }: AppProvidersProps) {
  const language = i18n.language;
  // Words Mantine's components say by themselves (their defaults are English), in the program's language.
  const localizedTheme = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: PasswordInput.extend({
            defaultProps: {
              visibilityToggleButtonProps: {
                'aria-label': i18n.t('common:actions.togglePassword', { lng: language }),
              },
            },
          }),
        },
      }),
    [i18n, language],
  );
  return (
    <MantineProvider theme={localizedTheme}>
      <I18nextProvider i18n={i18n}>
        <ApiProvider api={api}>
          <SessionProvider store={session}>
            <ToastContainer />
            {children}
          </SessionProvider>
        </ApiProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
