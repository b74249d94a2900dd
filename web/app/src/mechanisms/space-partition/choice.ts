// Space partitioning's choices (Kreačić et al.): a KD-tree or a grid, their labels and hints.
import type { SpacePartitionOptions } from 'privsynth';

export type Partition = NonNullable<SpacePartitionOptions['partition']>;

export const PARTITION_LABELS: Record<Partition, string> = {
  'kd-tree': 'KD-tree: bins adapt to the data (default)',
  grid: 'grid: equal cells, independent of the data',
};

export const PARTITION_HINTS: Record<Partition, string> = {
  'kd-tree':
    'Boxes are halved without looking at the data while an edge is longer than s1, then split further only where a noisy count ' +
    'exceeds τ, never below an edge s2 (Algorithms 2–3): dense regions get small bins. The forecast shows s1, s2, τ and the threshold t.',
  grid:
    'Every numeric axis is cut into equal cells of width w (Algorithm 1); by default as many as Theorem 3 suggests for the noisy ' +
    'record count. The forecast shows w and the threshold t.',
};
