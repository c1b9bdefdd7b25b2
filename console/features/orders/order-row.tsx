import { Tooltip } from '@mantine/core';
import type { PlatformOrder } from '@shared/contracts/orders';
import type { Platform } from '@shared/contracts/shops';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';
import { usePermission } from '../../components/permission';
import { usePlatformIcons } from '../../components/platform-icon';
import { type Language, SERVICE_COLORS, STATUS_COLORS } from './order-parts';
import classes from './order-row.module.css';

/*
 * The order list's cells, for a virtual body that mounts a row for every one scrolling into view:
 * plain elements styled by order-row.module.css as the Mantine components of the order's details
 * (order-parts.tsx) look, and no popover mounted before it is wanted (the service's tooltip mounts
 * when the pointer comes over its progress bar).
 */

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Avatar's placeholder: an item without a picture. */
function PicturePlaceholder() {
  return (
    <svg viewBox="0 0 15 15" fill="none" aria-hidden>
      <path
        d="M0.877014 7.49988C0.877014 3.84219 3.84216 0.877045 7.49985 0.877045C11.1575 0.877045 14.1227 3.84219 14.1227 7.49988C14.1227 11.1575 11.1575 14.1227 7.49985 14.1227C3.84216 14.1227 0.877014 11.1575 0.877014 7.49988ZM7.49985 1.82704C4.36683 1.82704 1.82701 4.36686 1.82701 7.49988C1.82701 8.97196 2.38774 10.3131 3.30727 11.3213C4.19074 9.94119 5.73818 9.02499 7.50023 9.02499C9.26206 9.02499 10.8093 9.94097 11.6929 11.3208C12.6121 10.3127 13.1727 8.97172 13.1727 7.49988C13.1727 4.36686 10.6328 1.82704 7.49985 1.82704ZM10.9818 11.9787C10.2839 10.7795 8.9857 9.97499 7.50023 9.97499C6.01458 9.97499 4.71624 10.7797 4.01845 11.9791C4.97952 12.7272 6.18765 13.1727 7.49985 13.1727C8.81227 13.1727 10.0206 12.727 10.9818 11.9787ZM5.14999 6.50487C5.14999 5.207 6.20212 4.15487 7.49999 4.15487C8.79786 4.15487 9.84999 5.207 9.84999 6.50487C9.84999 7.80274 8.79786 8.85487 7.49999 8.85487C6.20212 8.85487 5.14999 7.80274 5.14999 6.50487ZM7.49999 5.10487C6.72679 5.10487 6.09999 5.73167 6.09999 6.50487C6.09999 7.27807 6.72679 7.90487 7.49999 7.90487C8.27319 7.90487 8.89999 7.27807 8.89999 6.50487C8.89999 5.73167 8.27319 5.10487 7.49999 5.10487Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** An item's picture, the placeholder when it has none or it fails to load. */
function Picture({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={cx(classes.avatar, classes.picture)}>
      {src && !failed ? (
        <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <PicturePlaceholder />
      )}
    </span>
  );
}

/** A marketplace's icon (its initial on the brand colour when there is none). */
function PlatformMark({ platform, iconUrl }: { platform: Platform; iconUrl: string | undefined }) {
  return (
    <span
      className={cx(classes.avatar, classes.platform)}
      data-platform={iconUrl ? undefined : platform}
      aria-hidden
    >
      {iconUrl ? <img src={iconUrl} alt="" /> : platform.charAt(0).toUpperCase()}
    </span>
  );
}

/** A service's progress; its number in a tooltip mounted while the pointer is over the bar. */
function ServiceProgress({ value, label, tip }: { value: number; label: string; tip: string }) {
  const [hovered, setHovered] = useState(false);
  const bar = (
    <div
      className={classes.progress}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <div
        className={classes.progressBar}
        style={{ width: `${value}%` }}
        role="progressbar"
        aria-valuemax={100}
        aria-valuemin={0}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        aria-label={label}
      />
    </div>
  );
  return hovered ? (
    <Tooltip label={tip} opened>
      {bar}
    </Tooltip>
  ) : (
    bar
  );
}

/**
 * The order list's columns, the same object while the language, permissions and icons stay (a
 * virtual row draws again only when its order or the columns change). `onOpen` and `onProcess`
 * are read when clicked, so new ones never draw the rows again.
 */
export function useOrderColumns(
  onOpen: (order: PlatformOrder) => void,
  onProcess: (order: PlatformOrder) => void,
): ListColumn<PlatformOrder>[] {
  const { t, i18n } = useTranslation('orders');
  const icons = usePlatformIcons();
  const canProcess = usePermission('process');
  const handlers = useRef({ onOpen, onProcess });
  handlers.current = { onOpen, onProcess };
  const language = i18n.language as Language;
  return useMemo(
    () => [
      {
        key: 'order',
        header: t('fields.orderNo'),
        width: 230,
        cell: (order) => (
          <div className={classes.stack}>
            <div className={classes.group}>
              <PlatformMark platform={order.platform} iconUrl={icons[order.platform]} />
              <button
                type="button"
                className={cx(classes.link, classes.sm, classes.strong, 'mantine-focus-auto')}
                onClick={() => handlers.current.onOpen(order)}
                data-testid="order-open"
              >
                {order.orderNo}
              </button>
            </div>
            <p className={cx(classes.xs, classes.dimmed, classes.truncate, classes.metaWidth)}>
              {order.shopName} · {t(`orderTypes.${order.orderType}`)}
              {order.source === 'manual' ? ` · ${t('sources.manual')}` : ''}
            </p>
          </div>
        ),
      },
      {
        key: 'items',
        header: t('fields.items'),
        cell: (order) => {
          const [first] = order.items;
          if (!first) return null;
          return (
            <div className={cx(classes.group, classes.items)}>
              <Picture src={first.image} />
              <div className={cx(classes.stack, classes.itemText)}>
                <p className={cx(classes.sm, classes.truncate, classes.itemWidth)}>{first.name}</p>
                <p className={cx(classes.xs, classes.dimmed, classes.truncate, classes.itemWidth)}>
                  {[first.attributes, `×${first.quantity}`].filter(Boolean).join(' · ')}
                  {order.items.length > 1
                    ? ` ${t('list.itemsMore', { count: order.items.length - 1 })}`
                    : ''}
                </p>
              </div>
            </div>
          );
        },
      },
      {
        key: 'total',
        header: t('fields.total'),
        align: 'right',
        width: 120,
        cell: (order) => (
          <div className={cx(classes.stack, classes.end)}>
            <p className={cx(classes.sm, classes.strong)}>
              {formatMoney(order.total, order.currency, language)}
            </p>
            <p
              className={cx(
                classes.xs,
                order.paymentStatus === 'paid' ? classes.dimmed : classes.unpaid,
              )}
            >
              {t(`payment.${order.paymentStatus}`)}
            </p>
          </div>
        ),
      },
      {
        key: 'status',
        header: t('fields.status'),
        width: 150,
        cell: (order) => {
          const badge = (
            <span
              className={classes.badge}
              data-color={STATUS_COLORS[order.status]}
              data-testid="order-status"
              data-status={order.status}
            >
              <span className={classes.badgeLabel}>{t(`status.${order.status}`)}</span>
            </span>
          );
          if (order.status !== 'unknown') return badge;
          return (
            <div className={classes.stack}>
              {badge}
              <p className={cx(classes.xs, classes.dimmed)}>
                {t('list.unknownRaw', { raw: order.platformStatus })}
              </p>
            </div>
          );
        },
      },
      {
        key: 'service',
        header: t('fields.service'),
        width: 170,
        cell: ({ service }) =>
          service ? (
            <div
              className={classes.service}
              data-testid="order-service"
              data-service-status={service.status}
            >
              <div className={classes.group}>
                <span
                  className={cx(classes.badge, classes.dot)}
                  data-color={SERVICE_COLORS[service.status]}
                >
                  <span className={classes.badgeLabel}>{t(`serviceStatus.${service.status}`)}</span>
                </span>
                <p className={classes.xs}>{t(`serviceTypes.${service.type}`)}</p>
              </div>
              <ServiceProgress
                value={service.progress}
                label={t('fields.progress')}
                tip={`${t('fields.serviceNo')}: ${service.serviceNo}`}
              />
            </div>
          ) : (
            <p className={cx(classes.xs, classes.dimmed)}>{t('list.noService')}</p>
          ),
      },
      {
        key: 'time',
        header: t('fields.time'),
        width: 180,
        cell: (order) => (
          <p className={cx(classes.sm, classes.nowrap)}>
            {formatDateTime(order.createdAt, language)}
          </p>
        ),
      },
      {
        key: 'actions',
        header: '',
        width: 150,
        align: 'right',
        cell: (order) => (
          <div className={cx(classes.group, classes.actions)}>
            <button
              type="button"
              className={cx(classes.button, classes.subtle, 'mantine-focus-auto', 'mantine-active')}
              onClick={() => handlers.current.onOpen(order)}
            >
              {t('actions.details')}
            </button>
            {canProcess && order.status === 'waitDeal' && !order.service && (
              <button
                type="button"
                className={cx(
                  classes.button,
                  classes.filled,
                  'mantine-focus-auto',
                  'mantine-active',
                )}
                onClick={() => handlers.current.onProcess(order)}
                data-testid="order-process"
              >
                {t('actions.process')}
              </button>
            )}
          </div>
        ),
      },
    ],
    [t, language, icons, canProcess],
  );
}
