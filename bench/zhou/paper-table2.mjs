// Zhou et al.'s Table 1 (rows, targets), the further targets of their Fig. 5, and Table 2 (AIM's
// synthetic data, then the model trained on real data in the last entry of each list), for the
// benches that set our runs beside them.
export const EPSILONS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
export const TABLES = {
  adult: {
    target: 'income>50K',
    extraTargets: ['sex', 'relationship'],
    rows: 48842,
    accuracy: [0.832, 0.836, 0.838, 0.84, 0.84, 0.841, 0.842, 0.842, 0.843],
    rocAuc: [0.879, 0.883, 0.886, 0.887, 0.889, 0.888, 0.889, 0.889, 0.891],
    risk: [0.358, 0.353, 0.349, 0.347, 0.345, 0.345, 0.344, 0.344, 0.34],
  },
  churn: {
    target: 'Churn Value',
    rows: 4824,
    accuracy: [0.719, 0.742, 0.748, 0.748, 0.748, 0.751, 0.756, 0.757, 0.766],
    rocAuc: [0.762, 0.789, 0.801, 0.801, 0.801, 0.804, 0.809, 0.81, 0.826],
    risk: [0.546, 0.52, 0.506, 0.505, 0.498, 0.501, 0.493, 0.491, 0.47],
  },
  compas: {
    target: 'two_year_recid',
    rows: 7214,
    accuracy: [0.587, 0.645, 0.646, 0.658, 0.663, 0.663, 0.664, 0.666, 0.671],
    rocAuc: [0.6, 0.68, 0.685, 0.705, 0.709, 0.71, 0.71, 0.71, 0.718],
    risk: [0.674, 0.638, 0.636, 0.624, 0.625, 0.624, 0.623, 0.622, 0.617],
  },
  dutch: {
    target: 'occupation',
    extraTargets: ['prev_residence_place', 'sex'],
    rows: 60420,
    accuracy: [0.812, 0.815, 0.817, 0.816, 0.817, 0.817, 0.817, 0.817, 0.817],
    rocAuc: [0.884, 0.885, 0.887, 0.886, 0.886, 0.886, 0.886, 0.886, 0.886],
    risk: [0.43, 0.427, 0.424, 0.426, 0.425, 0.426, 0.426, 0.426, 0.427],
  },
  heart: {
    target: 'output',
    rows: 303,
    accuracy: [0.572, 0.675, 0.701, 0.719, 0.749, 0.756, 0.767, 0.78, 0.802],
    rocAuc: [0.569, 0.728, 0.778, 0.78, 0.82, 0.834, 0.838, 0.853, 0.883],
    risk: [0.986, 0.699, 0.617, 0.593, 0.536, 0.508, 0.496, 0.484, 0.452],
  },
  law: {
    target: 'pass_bar',
    extraTargets: ['race', 'fulltime'],
    rows: 20798,
    accuracy: [0.892, 0.894, 0.895, 0.895, 0.895, 0.894, 0.895, 0.896, 0.901],
    rocAuc: [0.829, 0.854, 0.856, 0.857, 0.859, 0.859, 0.857, 0.858, 0.869],
    risk: [0.274, 0.259, 0.257, 0.256, 0.254, 0.258, 0.257, 0.255, 0.245],
  },
};

/** A table's real-data figures (the last entry of each list). */
export const paperReal = (table) => ({
  accuracy: table.accuracy.at(-1),
  rocAuc: table.rocAuc.at(-1),
  risk: table.risk.at(-1),
});
