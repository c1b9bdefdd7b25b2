import { useEffect, useState } from 'react';

/**
 * A countdown in whole seconds, for "resend in 42 s" buttons: `start(seconds)` begins it, and
 * `left` reaches 0 when the button may be pressed again.
 */
export function useCooldown(now: () => number = Date.now) {
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (until === 0) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((until - now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setUntil(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [until, now]);

  return {
    left,
    start: (seconds: number) => setUntil(now() + seconds * 1000),
  };
}
