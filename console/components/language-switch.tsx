import { Input } from '@mantine/core';
import { LANGUAGES, type Language } from '@shared/contracts/languages';
import { LANGUAGE_NAMES } from '@shared/i18n/i18n';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../platform/preferences';

/**
 * zh, th and en, each named in its own script; choosing one stores it and reloads (spec
 * section 2). A native select in Mantine's input frame: keyboard and screen readers work
 * everywhere, and it costs no popover or combobox code on the login page's first load.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Input
      component="select"
      aria-label={t('language')}
      data-testid="language-switch"
      size="xs"
      w={116}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      rightSection={<IconChevronDown size={14} />}
      rightSectionPointerEvents="none"
      value={i18n.language}
      onChange={(event) => switchLanguage(window, event.currentTarget.value as Language)}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </Input>
  );
}
