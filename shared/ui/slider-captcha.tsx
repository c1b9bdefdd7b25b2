import { ActionIcon, Alert, Box, Button, Center, Loader, Stack } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { SliderChallenge } from '@shared/contracts/captcha';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import {
  IconArrowRight,
  IconCheck,
  IconChevronsRight,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './slider-captcha.module.css';

type Status = 'loading' | 'ready' | 'dragging' | 'checking' | 'solved' | 'failed' | 'error';

/** Keyboard steps, in puzzle pixels: arrows move by STEP, with Shift by BIG_STEP. */
const STEP = 2;
const BIG_STEP = 10;

export interface SliderCaptchaProps {
  /** Called once with the single-use token of a solved puzzle. */
  onSolved(captchaToken: string): void;
}

/**
 * The slider check (spec section 5): drag the piece along its row until it fills the gap. The
 * server knows where the gap is and judges the drop and the way the piece got there; a solved
 * puzzle gives a single-use token. Arrow keys move the piece too, and Enter lets it go.
 */
export function SliderCaptcha({ onSolved }: SliderCaptchaProps) {
  const { t } = useTranslation('signup');
  const api = useApi();
  const errorText = useErrorText();
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState<string | null>(null);
  const [x, setX] = useState(0);
  const [scale, setScale] = useState(1);
  const puzzleRef = useRef<HTMLDivElement>(null);
  const trail = useRef<[number, number][]>([]);
  const startedAt = useRef(0);
  const drag = useRef<{ clientX: number; x: number } | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Only the newest request may set the puzzle: an older answer arriving late must not swap the
  // picture under the person sliding it.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    setStatus('loading');
    setError(null);
    setX(0);
    trail.current = [];
    try {
      const next = await api.register.sliderChallenge();
      if (request !== latest.current) return;
      setChallenge(next);
      setStatus('ready');
    } catch (failure) {
      if (request !== latest.current) return;
      setError(errorText(failure));
      setStatus('error');
    }
  }, [api, errorText]);

  useEffect(() => {
    void load();
    return () => {
      clearTimeout(retry.current);
      latest.current += 1;
    };
  }, [load]);

  // The puzzle is drawn at the width it gets; pointer moves are scaled back to puzzle pixels.
  useEffect(() => {
    const element = puzzleRef.current;
    if (!element || !challenge) return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      setScale(width > 0 ? width / challenge.width : 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [challenge]);

  const maxX = challenge ? challenge.width - challenge.pieceSize : 0;
  const movable = status === 'ready' || status === 'dragging';

  function record(next: number) {
    const clamped = Math.min(maxX, Math.max(0, next));
    if (trail.current.length === 0) startedAt.current = performance.now();
    trail.current.push([Math.round(performance.now() - startedAt.current), Math.round(clamped)]);
    setX(clamped);
  }

  async function release(at: number) {
    if (!challenge) return;
    drag.current = null;
    if (trail.current.length === 0 || at <= 0) {
      setStatus('ready');
      return;
    }
    setStatus('checking');
    try {
      const { captchaToken } = await api.register.sliderVerify({
        id: challenge.id,
        x: Math.round(at),
        trail: trail.current,
      });
      setStatus('solved');
      onSolved(captchaToken);
    } catch (failure) {
      if (failure instanceof ApiError && failure.key === 'CAPTCHA_FAILED') {
        setStatus('failed');
        // A fresh puzzle after a moment, so the miss can be seen.
        retry.current = setTimeout(() => void load(), 900);
      } else {
        setError(errorText(failure));
        setStatus('error');
      }
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!movable) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { clientX: event.clientX, x };
    trail.current = [];
    record(x);
    setStatus('dragging');
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    record(drag.current.x + (event.clientX - drag.current.clientX) / scale);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const at = Math.min(
      maxX,
      Math.max(0, drag.current.x + (event.clientX - drag.current.clientX) / scale),
    );
    record(at);
    void release(at);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!movable) return;
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, number> = {
      ArrowRight: x + step,
      ArrowUp: x + step,
      ArrowLeft: x - step,
      ArrowDown: x - step,
      Home: 0,
      End: maxX,
    };
    if (event.key in moves) {
      event.preventDefault();
      record(moves[event.key] ?? x);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void release(x);
    }
  }

  if (status === 'error') {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={load}>
          {t('slider.reload')}
        </Button>
      </Stack>
    );
  }

  const piecePx = (challenge?.pieceSize ?? 0) * scale;
  return (
    <Box data-testid="slider-captcha" data-status={status} data-challenge={challenge?.id}>
      <div
        ref={puzzleRef}
        className={classes.puzzle}
        style={{ aspectRatio: challenge ? `${challenge.width} / ${challenge.height}` : '2 / 1' }}
      >
        {challenge && status !== 'loading' ? (
          <>
            <img className={classes.background} src={challenge.background} alt="" />
            <img
              className={classes.piece}
              src={challenge.piece}
              alt=""
              style={{
                width: piecePx,
                height: piecePx,
                transform: `translate(${x * scale}px, ${challenge.pieceY * scale}px)`,
              }}
            />
            <ActionIcon
              className={classes.refresh}
              variant="white"
              color="gray"
              size="sm"
              radius="xl"
              aria-label={t('slider.refresh')}
              onClick={load}
              disabled={status === 'checking'}
            >
              <IconRefresh size={14} />
            </ActionIcon>
          </>
        ) : (
          <Center h="100%">
            <Loader size="sm" />
          </Center>
        )}
        {status === 'solved' && (
          <div className={`${classes.result} ${classes.ok}`} role="status">
            <IconCheck size={14} /> {t('slider.solved')}
          </div>
        )}
        {status === 'failed' && (
          <div className={`${classes.result} ${classes.bad}`} role="status">
            <IconX size={14} /> {t('slider.failed')}
          </div>
        )}
      </div>
      <div className={classes.track}>
        <div className={classes.fill} style={{ width: x * scale + piecePx / 2 }} />
        <span className={classes.label}>{t('slider.hint')}</span>
        <div
          className={classes.handle}
          role="slider"
          tabIndex={movable ? 0 : -1}
          aria-label={t('slider.label')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          aria-disabled={!movable}
          data-dragging={status === 'dragging' || undefined}
          data-testid="slider-handle"
          style={{ width: Math.max(piecePx, 40), transform: `translateX(${x * scale}px)` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        >
          {status === 'checking' ? (
            <Loader size={16} />
          ) : status === 'solved' ? (
            <IconCheck size={18} />
          ) : status === 'dragging' ? (
            <IconArrowRight size={18} />
          ) : (
            <IconChevronsRight size={18} />
          )}
        </div>
      </div>
    </Box>
  );
}
