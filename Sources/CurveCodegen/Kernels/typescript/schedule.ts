// ported from CurveSchedule/DepletionScheduleKernel.swift sha256 5d61a1e71fcc09f21a045e79118dde58b59d609de28895211e680cefd902009c
//
// The widget timeline: Foundation's date arithmetic, the change search and the CLI's milliseconds.
// The lines between the embed markers are copied verbatim into every generated TypeScript
// module that needs them (TypeScriptCodeGenerator); tsc --strict compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
// CurveKit's schedule kernel (Sources/CurveSchedule/DepletionScheduleKernel.swift) and the
// CLI's millisecond rounding, ported operation for operation. Dates are Foundation's: seconds
// since 2001-01-01 as doubles, so every date is the one the Swift library computes.

// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
const REFERENCE_DATE_UNIX_SECONDS = 978307200.0;

function referenceSeconds(epochMillis: number): number {
  return epochMillis / 1000.0 - REFERENCE_DATE_UNIX_SECONDS;
}

// A date as epoch milliseconds, not rounded: Foundation's `timeIntervalSince1970 * 1000`, the
// one rule for a refill moment (a date the app stores and passes back, never a printed one).
function unixMillis(date: number): number {
  return (date + REFERENCE_DATE_UNIX_SECONDS) * 1000.0;
}

function elapsedFraction(date: number, refill: number, duration: number): number {
  const elapsed = swiftMax(0.0, date - refill);
  return swiftMin(1.0, elapsed / duration);
}

function endOfPeriod(refill: number, duration: number): number {
  let end = refill + duration;
  let remaining = 8;
  while (remaining > 0 && elapsedFraction(end, refill, duration) < 1) {
    end = nextUp(end);
    remaining -= 1;
  }
  return end;
}

// The first date after start and at most end at which isReached holds, to one ulp.
function firstDate(start: number, end: number, probe: number, isReached: (date: number) => boolean): number {
  let lower = start;
  let upper = end;
  if (probe > lower && probe < upper) {
    let step = 0.001;
    if (isReached(probe)) {
      upper = probe;
      while (probe - step > lower) {
        if (!isReached(probe - step)) {
          lower = probe - step;
          break;
        }
        upper = probe - step;
        step *= 2;
      }
    } else {
      lower = probe;
      while (probe + step < upper) {
        if (isReached(probe + step)) {
          upper = probe + step;
          break;
        }
        lower = probe + step;
        step *= 2;
      }
    }
  }
  for (;;) {
    const middle = lower + (upper - lower) * 0.5;
    if (!(middle > lower && middle < upper)) break;
    if (isReached(middle)) upper = middle; else lower = middle;
  }
  return upper;
}

// The first change after date as [date, percentage], or null when it no longer changes.
function nextChange(
  date: number, refill: number, duration: number, shown: (date: number) => number,
  inverse: (level: number) => number,
): [number, number] | null {
  if (!(duration > 0 && Number.isFinite(duration) && Number.isFinite(date))) return null;
  const end = endOfPeriod(refill, duration);
  const start = date < refill ? refill : date;
  if (!(start < end)) return null;
  const current = shown(start);
  const final = shown(end);
  if (final === current) return null;
  const threshold = (current + (final < current ? -0.5 : 0.5)) / 100;
  const t = swiftMax(0.0, swiftMin(1.0, inverse(threshold)));
  const guess = refill + t * duration;
  const found = firstDate(start, end, guess, (candidate) => shown(candidate) !== current);
  return [found, shown(found)];
}

// The refill date at which a fill shows level at date (DepletionScheduleKernel.refillDate).
function refillDate(level: number, date: number, duration: number, inverse: (level: number) => number): number {
  const clampedLevel = swiftMax(0.0, swiftMin(1.0, level));
  const normalized = swiftMax(0.0, swiftMin(1.0, inverse(clampedLevel)));
  return date + -normalized * duration;
}

// The first date at which the level reaches target, or null when it never does in the period
// (DepletionScheduleKernel.date(whenLevelReaches:)).
function dateWhenLevelReaches(
  target: number, refill: number, duration: number, levelOf: (date: number) => number,
  inverse: (level: number) => number,
): number | null {
  if (!(duration > 0 && Number.isFinite(duration) && !Number.isNaN(target))) return null;
  const end = endOfPeriod(refill, duration);
  const falling = levelOf(end) < levelOf(refill);
  const reached = (date: number): boolean => (falling ? levelOf(date) <= target : levelOf(date) >= target);
  if (reached(refill)) return refill;
  if (!reached(end)) return null;
  const t = swiftMax(0.0, swiftMin(1.0, inverse(target)));
  const guess = refill + t * duration;
  return firstDate(refill, end, guess, reached);
}

// Unix milliseconds as `curvekit timeline` prints them: the least double u with
// u - 978307200 >= date, then its shortest round-trip decimal rounded up to the millisecond.
function epochMillis(date: number): number {
  let unix = date + REFERENCE_DATE_UNIX_SECONDS;
  let remaining = 4;
  while (remaining > 0 && unix - REFERENCE_DATE_UNIX_SECONDS < date) {
    unix = nextUp(unix);
    remaining -= 1;
  }
  const product = unix * 1000.0;
  const nearest = Math.round(product);
  for (const candidate of [nearest - 1, nearest, nearest + 1]) {
    if (candidate / 1000.0 === unix) return candidate;
  }
  const below = Math.floor(product);
  if (product !== below) return Math.ceil(product);
  return twoProductError(unix, 1000.0, product) > 0 ? below + 1 : below;
}
// curvekit:embed-end
