import {
  Button,
  ColorInput,
  Divider,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIZES, useAppStore } from '../stores/app-store';
import {
  BRAND_COLOR,
  DEFAULT_THEME_COLOR,
  type ThemeSettings,
  useSettingsStore,
} from '../stores/settings-store';

/** Colours offered beside the free choice: the default and brand colours first. */
const SWATCHES = [
  DEFAULT_THEME_COLOR,
  BRAND_COLOR,
  '#13c2c2',
  '#52c41a',
  '#722ed1',
  '#fa8c16',
  '#2f3447',
];

type Flag = Exclude<keyof ThemeSettings, 'themeColor'>;

/**
 * The settings panel (spec section 2): theme colour, tags view, fixed header, sidebar logo, the
 * pinyin menu search (offered in Chinese), and the component size; every choice is kept.
 */
export function SettingsPanel() {
  const { t, i18n } = useTranslation('layout');
  const settings = useSettingsStore();
  const size = useAppStore((state) => state.size);
  const setSize = useAppStore((state) => state.setSize);

  const flag = (key: Flag, label: string, hint?: string) => (
    <Switch
      checked={settings[key]}
      onChange={(event) => settings.change(key, event.currentTarget.checked)}
      label={label}
      description={hint}
      data-testid={`setting-${key}`}
      labelPosition="left"
      styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
    />
  );

  return (
    <Drawer
      opened={settings.showSettings}
      onClose={() => settings.setShowSettings(false)}
      position="right"
      size={320}
      title={t('settings.title')}
      data-testid="settings-panel"
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('settings.themeColor')}
          </Text>
          <ColorInput
            value={settings.themeColor}
            onChange={(value) => {
              if (/^#[0-9a-f]{6}$/i.test(value)) settings.change('themeColor', value);
            }}
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={7}
            aria-label={t('settings.themeColor')}
            data-testid="setting-themeColor"
          />
        </Stack>
        <Divider />
        {flag('tagsView', t('settings.tagsView'))}
        {flag('fixedHeader', t('settings.fixedHeader'))}
        {flag('sidebarLogo', t('settings.sidebarLogo'))}
        {i18n.language === 'zh' &&
          flag('supportPinyinSearch', t('settings.pinyinSearch'), t('settings.pinyinSearchHint'))}
        <Divider />
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('settings.size')}
          </Text>
          <SegmentedControl
            fullWidth
            value={size}
            onChange={(value) => setSize(value as (typeof SIZES)[number])}
            data={SIZES.map((value) => ({ value, label: t(`settings.sizes.${value}`) }))}
            data-testid="setting-size"
          />
        </Stack>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconRestore size={16} />}
            onClick={() => {
              settings.reset();
              setSize('medium');
            }}
          >
            {t('settings.reset')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
