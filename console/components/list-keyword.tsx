import { CloseButton, Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's search box. The words apply on Enter, or also after a pause in typing (`debounceMs`);
 * the cross clears them, and the box shows the address's keyword when that changes elsewhere
 * (clearing the filters, going back).
 */
export function ListKeyword({
  value,
  onSubmit,
  label,
  placeholder,
  busy = false,
  debounceMs,
}: {
  /** The keyword the list is searched by now. */
  value: string | undefined;
  /** Applies words ('' for none); `typing` when a pause in typing applied them. */
  onSubmit(keyword: string, typing: boolean): void;
  label: string;
  placeholder: string;
  /** The list is reading: a spinner stands where the cross is. */
  busy?: boolean;
  debounceMs?: number;
}) {
  const { t } = useTranslation('common');
  const applied = value ?? '';
  const [text, setText] = useState(applied);
  const [shown, setShown] = useState(applied);
  // Words a pause already applied, until the address has them.
  const sent = useRef<string | null>(null);
  // The address changed the keyword: show it (state adjusted while rendering).
  if (shown !== applied) {
    setShown(applied);
    setText(applied);
  }
  const [settled] = useDebouncedValue(text.trim(), debounceMs ?? 0);
  useEffect(() => {
    // Only words the box still holds (not those of before a reset), each once per keyword shown.
    if (debounceMs === undefined || settled !== text.trim() || settled === applied) return;
    const mark = JSON.stringify([applied, settled]);
    if (sent.current === mark) return;
    sent.current = mark;
    onSubmit(settled, true);
  }, [debounceMs, settled, text, applied, onSubmit]);

  return (
    <TextInput
      aria-label={label}
      enterKeyHint="search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        busy ? (
          <Loader size={14} />
        ) : text ? (
          <CloseButton
            size="sm"
            aria-label={t('actions.reset')}
            onClick={() => {
              setText('');
              if (applied) onSubmit('', false);
            }}
          />
        ) : null
      }
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        onSubmit(text.trim(), false);
      }}
      style={{ flex: '1 1 240px', minWidth: 0 }}
      maw="min(360px, 100%)"
    />
  );
}
