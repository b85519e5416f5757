// What a web page does with the generated curve: the level at fixed dates, the whole
// percentage it shows, and the exact dates at which that percentage changes (to schedule a
// redraw). weeklyHabit.ts is generated from examples/curves/weekly-habit.curve.json:
//   curvekit generate examples/curves/weekly-habit.curve.json --language typescript \
//     --with-schedule -o weeklyHabit.ts
// The second part is the Swift widget example's flow (examples/HabitTracker) on its own curve,
// depletionCurve.ts, generated the same way from
// examples/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json: the slider
// (refillEpochMillis, the article's setCurrentFill), the widget timeline from now, the reload
// date and the moment the level reaches one half, with the Swift example's numbers.
// Every date is fixed, so the output is the same on every machine (and equal to
// examples/HabitAndroid's, line for line, but the easing line: the CSS easing here, Compose's
// CubicBezierEasing there). refillEpochMillis keeps the fraction of the Swift Date (its
// timeIntervalSince1970 * 1000), so every date below is the Swift example's to the millisecond.
import { DepletionCurve } from './depletionCurve.js';
import { WeeklyHabit } from './weeklyHabit.js';

declare const console: { log(text: string): void };

function stamp(epochMillis: number): string {
  return new Date(epochMillis).toISOString();
}

// A fraction as a percentage with six decimals, from one integer rounding (the same in every language).
function percent(fraction: number): string {
  const micro = Math.round(fraction * 1e8);
  const sign = micro < 0 ? '-' : '';
  const magnitude = Math.abs(micro);
  return `${sign}${Math.floor(magnitude / 1000000)}.${String(magnitude % 1000000).padStart(6, '0')} %`;
}

const refill = 1767600000000; // 2026-01-05T08:00:00Z
const day = 86400000;
const duration = WeeklyHabit.defaultDurationMillis;
const lines: string[] = [];
lines.push(`WeeklyHabit: refilled ${stamp(refill)}, lasts ${duration / day} days`);
lines.push('day  level          widget');
for (let index = 0; index <= 7; index++) {
  const level = WeeklyHabit.currentLevel(refill, duration, refill + index * day);
  lines.push(`${index}    ${percent(level).padEnd(15)}${WeeklyHabit.widgetPercentage(level)} %`);
}
const changes = WeeklyHabit.percentageChanges(refill, duration);
lines.push(`widget changes: ${changes.length}, the first and the last three:`);
for (const change of [...changes.slice(0, 3), ...changes.slice(-3)]) {
  lines.push(`  ${stamp(change.epochMillis)}  ${change.percentage} %`);
}
lines.push(`level 50 % at t = ${percent(WeeklyHabit.normalizedElapsed(0.5))} of the week`);
// The generated module carries the CSS easing `curvekit export` prints, for WAAPI and CSS-in-JS.
lines.push(`easing (CSS): ${WeeklyHabit.cssEasing}`);

// examples/HabitTracker's flow: day 3 at noon the user drags the slider to 60 %.
const habitRefill = 1767600000000; // 2026-01-05T08:00:00Z
const habitDuration = DepletionCurve.defaultDurationMillis;
const now = habitRefill + 302400000; // 3.5 days later: 2026-01-08T20:00:00Z
lines.push('');
lines.push(`DepletionCurve (examples/HabitTracker): at ${stamp(now)} the level is ${percent(DepletionCurve.currentLevel(habitRefill, habitDuration, now))}`);
const moved = DepletionCurve.refillEpochMillis(0.6, now, habitDuration);
lines.push(`refillEpochMillis(0.6) (setCurrentFill): the refill moves to ${stamp(moved)}`);
lines.push(`level now: ${percent(DepletionCurve.currentLevel(moved, habitDuration, now))}, widget ${DepletionCurve.currentWidgetPercentage(moved, habitDuration, now)} %`);
const entries = [
  { epochMillis: now, percentage: DepletionCurve.currentWidgetPercentage(moved, habitDuration, now) },
  ...DepletionCurve.percentageChanges(moved, habitDuration, now),
];
lines.push(`widget timeline from ${stamp(now).replace('.000Z', 'Z')}: ${entries.length} entries, one per change of the percentage`);
entries.forEach((entry, index) => {
  if (index < 6 || index >= entries.length - 3) lines.push(`  ${stamp(entry.epochMillis)}  ${String(entry.percentage).padStart(3)} %`);
  if (index === 5) lines.push('  …');
});
const reload = DepletionCurve.nextPercentageChange(moved, habitDuration, now);
lines.push(`reload after: ${reload === null ? 'never' : stamp(reload.epochMillis)} (the first change)`);
const halfEmpty = DepletionCurve.epochMillisWhenLevelReaches(0.5, moved, habitDuration);
lines.push(`level 0.5 reached at: ${halfEmpty === null ? 'never' : stamp(halfEmpty)}`);
const all = DepletionCurve.percentageChanges(moved, habitDuration);
lines.push(`the last change: ${stamp(all[all.length - 1].epochMillis)}`);
console.log(lines.join('\n'));
