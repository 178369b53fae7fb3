// The load test's two pictures, drawn by Toolscope from its own figures (no server content): the
// latency of each slice of time (p50 and p95 lines, a red tick under a slice with calls not ok) and
// the histogram of every answered call's latency (bins doubling from 0.5 ms). Each is an `img`
// with a name and a sentence that says what it shows, for a screen reader as for the eye.
import { formatMs } from '../../session/loadBudget.ts';
import { HISTOGRAM_EDGES_MS, type LoadSlice } from '../../session/loadTest.ts';

// A small drawing scaled to its width: its 10-unit text reads at 9–14 px from a phone to a wide pane.
const WIDTH = 360;
const HEIGHT = 120;
// Room on the left for the longest y label ("999.9 ms", right-aligned).
const PAD = { left: 58, right: 8, top: 8, bottom: 18 };

const points = (
  slices: readonly LoadSlice[],
  pick: (slice: LoadSlice) => number | undefined,
  x: (i: number) => number,
  y: (v: number) => number,
) =>
  slices.flatMap((slice) => {
    const value = pick(slice);
    return value === undefined ? [] : [`${x(slice.index).toFixed(1)},${y(value).toFixed(1)}`];
  });

export function LatencyChart({ slices, sliceMs, elapsedMs }: { slices: readonly LoadSlice[]; sliceMs: number; elapsedMs: number }) {
  const top = Math.max(1, ...slices.map((slice) => slice.p95 ?? 0)) * 1.1;
  const count = Math.max(2, slices.length);
  const x = (index: number) => PAD.left + (index / (count - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / top) * (HEIGHT - PAD.top - PAD.bottom);
  const last = slices.findLast((slice) => slice.p50 !== undefined);
  const bad = slices.filter((slice) => slice.bad > 0);
  const said = last
    ? `Latency over time, every ${sliceMs} ms: the last slice's p50 ${formatMs(last.p50 ?? 0)}, p95 ${formatMs(last.p95 ?? 0)}; ${bad.length} of ${slices.length} slices had calls not ok.`
    : 'Latency over time: no answered call yet.';
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex flex-wrap items-center gap-3 text-xs text-muted">
        <span className="font-semibold text-subtle">Latency over time</span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-accent align-middle" />
          p50
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-warn align-middle" />
          p95
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-0.5 bg-danger align-middle" />
          calls not ok
        </span>
      </figcaption>
      <svg role="img" aria-label="Latency over time" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl text-muted">
        <desc>{said}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeWidth="0.5" />
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" fontSize="10" fill="currentColor">
          {formatMs(top)}
        </text>
        <text x={PAD.left - 4} y={y(0)} textAnchor="end" fontSize="10" fill="currentColor">
          0
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" fontSize="10" fill="currentColor">
          {(elapsedMs / 1000).toFixed(1)} s
        </text>
        <polyline points={points(slices, (slice) => slice.p95, x, y).join(' ')} fill="none" className="stroke-warn" strokeWidth="1.5" />
        <polyline points={points(slices, (slice) => slice.p50, x, y).join(' ')} fill="none" className="stroke-accent" strokeWidth="1.5" />
        {bad.map((slice) => (
          <line
            key={slice.index}
            x1={x(slice.index)}
            x2={x(slice.index)}
            y1={y(0)}
            y2={y(0) + 8}
            className="stroke-danger"
            strokeWidth="2"
          />
        ))}
      </svg>
    </figure>
  );
}

export function LatencyHistogram({ bins }: { bins: readonly number[] }) {
  const most = Math.max(1, ...bins);
  const total = bins.reduce((sum, value) => sum + value, 0);
  const width = (WIDTH - PAD.left - PAD.right) / bins.length;
  const label = (index: number) =>
    index < HISTOGRAM_EDGES_MS.length ? `≤ ${formatMs(HISTOGRAM_EDGES_MS[index] ?? 0)}` : `> ${formatMs(HISTOGRAM_EDGES_MS.at(-1) ?? 0)}`;
  const busiest = bins.indexOf(Math.max(...bins));
  const said = total
    ? `Latency histogram of ${total} answered calls; the most (${bins[busiest] ?? 0}) took ${label(busiest)}.`
    : 'Latency histogram: no answered call yet.';
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs font-semibold text-subtle">Latency histogram</figcaption>
      <svg role="img" aria-label="Latency histogram" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl text-muted">
        <desc>{said}</desc>
        {bins.map((value, index) => {
          const height = (value / most) * (HEIGHT - PAD.top - PAD.bottom);
          return value ? (
            <rect
              key={index}
              x={PAD.left + index * width + 1}
              y={HEIGHT - PAD.bottom - height}
              width={Math.max(1, width - 2)}
              height={height}
              className="fill-accent"
            >
              <title>{`${label(index)}: ${value}`}</title>
            </rect>
          ) : null;
        })}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          stroke="currentColor"
          strokeWidth="0.5"
        />
        {[0, 5, 10, 15].map((index) => (
          <text key={index} x={PAD.left + index * width} y={HEIGHT - 4} fontSize="10" fill="currentColor">
            {formatMs(HISTOGRAM_EDGES_MS[index] ?? 0)}
          </text>
        ))}
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" fontSize="10" fill="currentColor">
          {most}
        </text>
      </svg>
    </figure>
  );
}
