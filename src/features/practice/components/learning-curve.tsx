/**
 * The learning curve of one drill (issue 37): score in seconds against repetition number in
 * performed order, passes and failures as two series (different colour and marker), the target as
 * a reference line. @mui/x-charts is heavy: only 'My practice' loads this module (React.lazy).
 * Its render is timed ('practice-curve-render') for `npm run bench`.
 */
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { useLayoutEffect, useMemo } from 'react';
import type { LogEntry } from '../db/practice-log';

export interface LearningCurveProps {
  /** The drill's repetitions in performed order. */
  entries: readonly LogEntry[];
  targetSeconds: number;
}

export default function LearningCurve({ entries, targetSeconds }: LearningCurveProps) {
  const started = performance.now();
  const highest = useMemo(() => entries.reduce((max, entry) => Math.max(max, entry.scoreMs / 1000), 0), [entries]);
  const series = useMemo(() => {
    const passes: { x: number; y: number; id: number }[] = [];
    const failures: { x: number; y: number; id: number }[] = [];
    entries.forEach((entry, index) => (entry.passed ? passes : failures).push({ x: index + 1, y: entry.scoreMs / 1000, id: index + 1 }));
    return [
      { id: 'pass', label: 'Pass', data: passes, color: '#2e7d32', markerSize: 5 },
      { id: 'not-yet', label: 'Not yet', data: failures, color: '#c62828', markerSize: 4 },
    ];
  }, [entries]);
  useLayoutEffect(() => {
    performance.measure('practice-curve-render', { start: started });
  });
  return (
    <ScatterChart
      height={300}
      series={series}
      xAxis={[{ label: 'Repetition', min: 1, max: Math.max(2, entries.length), tickMinStep: 1 }]}
      // The target line always in view, however fast or slow the repetitions were.
      yAxis={[{ label: 'Score (s)', min: 0, max: Math.ceil(Math.max(targetSeconds * 1.25, highest * 1.05)) }]}
      // Hundreds of points: one SVG path per series instead of an element each.
      renderer="svg-batch"
      skipAnimation
    >
      <ChartsReferenceLine y={targetSeconds} label={`Target ${targetSeconds} s`} labelAlign="end" lineStyle={{ strokeDasharray: '6 4', stroke: '#1f5f7a' }} />
    </ScatterChart>
  );
}
