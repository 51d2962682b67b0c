/** A round step (1, 2, 2.5 or 5 times a power of ten) of at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

/** Axis ticks from a round number at or below the lowest value (and 0) to one at or above the highest, about `count` steps. */
export function niceTicks(values: number[], count = 4): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return [0, 1];
  const step = niceStep((high - low) / count);
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < high + step / 2; tick += step) ticks.push(Number(tick.toFixed(10)));
  if (ticks[ticks.length - 1] < high) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

/** Text width in pixels at the charts' 12 px font, near enough to keep labels apart. */
export function textWidth(text: string): number {
  return text.length * 7;
}

/** A label cut to about `width` pixels, with an ellipsis when cut. */
export function fitText(text: string, width: number): string {
  const chars = Math.floor(width / 7);
  if (text.length <= chars) return text;
  return `${text.slice(0, Math.max(1, chars - 1))}…`;
}
