import { LITRES_PER_CBM, WAREHOUSE_MIN_CBM } from '@shared/contracts/warehouses';

/**
 * The usage forecast of a warehouse, pure. Usage moves by the trend of its daily history (least
 * squares over the days given: what arrived less what sold, as it has gone), or, with under a
 * week of history, by its sales alone; what is in transit arrives evenly over the next
 * `ARRIVAL_DAYS` days on top. Usage never goes below empty.
 */

const ARRIVAL_DAYS = 14;
const HORIZONS = [30, 60, 90] as const;
const MIN_HISTORY_DAYS = 7;
const LAST_HORIZON = 90;

export interface ForecastInput {
  /** Occupied litres per day, oldest first (YYYY-MM-DD). */
  history: readonly { day: string; litres: number }[];
  /** Today, YYYY-MM-DD (the warehouse's site time). */
  today: string;
  currentLitres: number;
  inTransitLitres: number;
  /** Litres sold per day (sales velocity times unit volume). */
  salesLitresPerDay: number;
  capacityCbm: number;
  pricePerCbm: number;
}

/** Litres per day of a least-squares line through the history; null with too little of it. */
function trendPerDay(history: ForecastInput['history']): number | null {
  if (history.length < MIN_HISTORY_DAYS) return null;
  const xs = history.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 86_400_000);
  const ys = history.map((point) => point.litres);
  const n = xs.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - meanX;
    num += dx * ((ys[i] ?? 0) - meanY);
    den += dx * dx;
  }
  return den === 0 ? 0 : num / den;
}

export function addDays(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

const neededCbm = (litres: number) =>
  Math.max(WAREHOUSE_MIN_CBM, Math.ceil(litres / LITRES_PER_CBM));

export function projectUsage(input: ForecastInput) {
  const trend = trendPerDay(input.history);
  const dailyChange = trend ?? -input.salesLitresPerDay;
  const litresAt = (day: number) =>
    Math.max(
      0,
      Math.round(
        input.currentLitres +
          (input.inTransitLitres * Math.min(day, ARRIVAL_DAYS)) / ARRIVAL_DAYS +
          dailyChange * day,
      ),
    );
  const capacity = input.capacityCbm * LITRES_PER_CBM;
  let runOut: number | null = input.currentLitres > capacity ? 0 : null;
  let peak = input.currentLitres;
  for (let day = 1; day <= LAST_HORIZON; day++) {
    const litres = litresAt(day);
    peak = Math.max(peak, litres);
    if (runOut === null && litres > capacity) runOut = day;
  }
  const points = HORIZONS.map((days) => {
    const litres = litresAt(days);
    const cbm = neededCbm(litres);
    return { days, litres, neededCbm: cbm, monthlyCost: cbm * input.pricePerCbm };
  });
  const peakCbm = neededCbm(peak);
  const suggestion =
    runOut !== null
      ? { kind: 'upgrade' as const, volume: peakCbm }
      : peakCbm < input.capacityCbm
        ? { kind: 'downgrade' as const, volume: peakCbm }
        : null;
  return {
    dailyChange,
    points,
    runOutDay: runOut === null ? null : addDays(input.today, runOut),
    suggestion,
  };
}
