import { Group, Select } from '@mantine/core';
import {
  type CategoryNode,
  type CategoryTree,
  CategoryTreeSchema,
} from '@shared/contracts/catalogue';
import { useApi } from '@shared/queries/api-context';
import { categoryTreeQuery } from '@shared/queries/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** localStorage key of the cached tree (spec section 4: removed at logout). */
const STORAGE_KEY = 'categoryList';

/** The tree kept from an earlier visit, when it is still one the contract reads. */
function readCached(): CategoryTree | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = CategoryTreeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeCached(tree: CategoryTree) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(tree));
  } catch {
    // A full or refused storage only costs the next visit a request.
  }
}

/** A category's name in the interface language, falling back to Chinese. */
function nameOf(node: Pick<CategoryNode, 'names'>, language: string): string {
  const names = node.names;
  return (language === 'th' ? names.th : language === 'en' ? names.en : names.zh) ?? names.zh;
}

/** The tree with a lookup by id (and each node's parents). */
export interface Categories {
  roots: readonly CategoryNode[];
  byId: ReadonlyMap<string, CategoryNode>;
  /** The node and its parents, top first. */
  path(id: string | undefined): CategoryNode[];
  name(node: Pick<CategoryNode, 'names'>): string;
}

/**
 * The three-level category tree: the copy cached in local storage (`categoryList`) at once, then
 * the server's, which replaces the cached copy when its version differs. Names are kept in every
 * language, so a language change needs no new request.
 */
export function useCategories() {
  const api = useApi();
  const { i18n } = useTranslation();
  const [cached] = useState(readCached);
  const query = useQuery(categoryTreeQuery(api, cached));
  const data = query.data;
  useEffect(() => {
    if (data && query.isFetched && data.version !== cached?.version) writeCached(data);
  }, [data, query.isFetched, cached]);
  const language = i18n.language;
  const categories = useMemo<Categories | null>(() => {
    if (!data) return null;
    const byId = new Map<string, CategoryNode>();
    const walk = (nodes: readonly CategoryNode[]) => {
      for (const node of nodes) {
        byId.set(node.id, node);
        walk(node.children);
      }
    };
    walk(data.categories);
    return {
      roots: data.categories,
      byId,
      path: (id) => {
        const path: CategoryNode[] = [];
        for (let node = id ? byId.get(id) : undefined; node; ) {
          path.unshift(node);
          node = node.parentId ? byId.get(node.parentId) : undefined;
        }
        return path;
      },
      name: (node) => nameOf(node, language),
    };
  }, [data, language]);
  return { categories, query };
}

/**
 * A category of any level, chosen level by level: top, secondary, leaf. Each level lists the
 * children of the one before; clearing a level goes back to its parent.
 */
export function CategoryPicker({
  categories,
  value,
  onChange,
  only,
  testId = 'category',
}: {
  categories: Categories | null;
  value: string | undefined;
  onChange(id: string | undefined): void;
  /** Only these secondary categories (and their parents and children) are offered. */
  only?: ReadonlySet<string>;
  testId?: string;
}) {
  const { t } = useTranslation('catalogue');
  const path = categories?.path(value) ?? [];
  const allowed = (node: CategoryNode): boolean => {
    if (!only) return true;
    if (node.level === 2) return only.has(node.id);
    if (node.level === 1) return node.children.some(allowed);
    return node.parentId !== null && only.has(node.parentId);
  };
  const levels: { nodes: readonly CategoryNode[]; label: string }[] = [
    { nodes: categories?.roots ?? [], label: t('filters.category1') },
    { nodes: path[0]?.children ?? [], label: t('filters.category2') },
    { nodes: path[1]?.children ?? [], label: t('filters.category3') },
  ];
  return (
    <Group gap={6} wrap="wrap" align="flex-end" data-testid={`${testId}-picker`}>
      {levels.map((level, index) => {
        const chosen = path[index];
        const options = level.nodes.filter(allowed);
        const parent = path[index - 1];
        const shown = index === 0 || parent !== undefined;
        if (!shown) return null;
        return (
          <Select
            key={level.label}
            size="sm"
            w={index === 0 ? 150 : 170}
            label={index === 0 ? t('filters.category') : undefined}
            aria-label={level.label}
            placeholder={index === 0 ? t('filters.allCategories') : level.label}
            data={options.map((node) => ({
              value: node.id,
              label: categories?.name(node) ?? node.name,
            }))}
            value={chosen?.id ?? null}
            onChange={(id) => onChange(id ?? parent?.id)}
            clearable
            searchable
            disabled={!categories || options.length === 0}
            comboboxProps={{
              withinPortal: true,
              hideDetached: false,
              width: 220,
              position: 'bottom-start',
            }}
            data-testid={`${testId}-level-${index + 1}`}
          />
        );
      })}
    </Group>
  );
}
