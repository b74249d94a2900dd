#include "graphical_model/estimation.hpp"

#include <algorithm>
#include <string>

namespace privsynth {
namespace {

constexpr double kArmijo = 0.5;
constexpr double kGrowth = 1.01;

// The measurements grouped by the model set they measure.
struct Assigned {
  size_t set;
  const NoisyMarginal* measurement;
  double weight;  // 1 / sigma^2
};

// The measured sets' marginals of the calibrated model (the others left empty).
void measured_marginals(const GraphicalModel& model, const std::vector<bool>& measured,
                        std::vector<Factor>& marginals) {
  model.set_marginals(marginals);
  for (size_t r = 0; r < measured.size(); ++r) {
    if (!measured[r]) marginals[r].values.clear();
  }
}

double loss_of(const std::vector<Assigned>& assigned, const std::vector<Factor>& marginals) {
  double loss = 0;
  for (const Assigned& a : assigned) {
    const std::vector<double> mu = grouped(*a.measurement, marginals[a.set].values);
    const std::vector<double>& y = a.measurement->values;
    for (size_t i = 0; i < mu.size(); ++i) loss += 0.5 * a.weight * (mu[i] - y[i]) * (mu[i] - y[i]);
  }
  return loss;
}

// dL/dmu_r = sum over the measurements i of set r of (mu_r - y_i) / sigma_i^2; zero for unmeasured sets.
void gradient_of(const std::vector<Assigned>& assigned, const std::vector<Factor>& marginals,
                 const GraphicalModel& model, std::vector<Factor>& gradient) {
  gradient.resize(model.sets().size());
  for (size_t r = 0; r < gradient.size(); ++r) gradient[r].values.assign(model.potentials()[r].values.size(), 0.0);
  for (const Assigned& a : assigned) {
    const NoisyMarginal& m = *a.measurement;
    const std::vector<double> mu = grouped(m, marginals[a.set].values);
    std::vector<double>& g = gradient[a.set].values;
    if (m.groups.empty()) {
      for (size_t i = 0; i < mu.size(); ++i) g[i] += a.weight * (mu[i] - m.values[i]);
    } else {
      // The gradient of a group's squared error reaches every cell of the group.
      for (size_t i = 0; i < g.size(); ++i) g[i] += a.weight * (mu[m.groups[i]] - m.values[m.groups[i]]);
    }
  }
}

}  // namespace

std::vector<double> grouped(const NoisyMarginal& measurement, const std::vector<double>& cells) {
  if (measurement.groups.empty()) return cells;
  std::vector<double> out(measurement.values.size(), 0.0);
  for (size_t i = 0; i < cells.size(); ++i) out[measurement.groups[i]] += cells[i];
  return out;
}

double estimated_total(const std::vector<NoisyMarginal>& measurements) {
  double weighted = 0, precision = 0;
  for (const NoisyMarginal& m : measurements) {
    double sum = 0;
    for (double v : m.values) sum += v;
    const double variance = double(m.values.size()) * m.noise_std * m.noise_std;
    weighted += sum / variance;
    precision += 1 / variance;
  }
  return precision > 0 ? std::max(1.0, weighted / precision) : 1.0;
}

Result<FitResult> fit_model(GraphicalModel& model, const std::vector<NoisyMarginal>& measurements, double total,
                            const FitSettings& settings) {
  std::vector<Assigned> assigned;
  double largest_weight = 0;
  for (const NoisyMarginal& m : measurements) {
    const int r = model.set_index(m.attributes);
    const size_t cells = model.potentials()[size_t(r < 0 ? 0 : r)].values.size();
    bool fits = r >= 0 && m.noise_std > 0 && (m.groups.empty() ? m.values.size() == cells : m.groups.size() == cells);
    for (uint32_t g : m.groups) fits = fits && g < m.values.size();
    if (!fits) {
      return Status::error(ErrorCode::Internal, "a measurement does not match a set of the graphical model");
    }
    assigned.push_back({size_t(r), &m, 1 / (m.noise_std * m.noise_std)});
    largest_weight = std::max(largest_weight, 1 / (m.noise_std * m.noise_std));
  }
  std::vector<bool> measured(model.sets().size(), false);
  for (const Assigned& a : assigned) measured[a.set] = true;
  FitResult result;
  double step = settings.step > 0 ? settings.step : 1 / (total * std::max(largest_weight, 1e-300));
  model.calibrate(total);
  ++result.propagations;
  std::vector<Factor> marginals, trial_marginals, gradient;
  measured_marginals(model, measured, marginals);
  double loss = loss_of(assigned, marginals);
  gradient_of(assigned, marginals, model, gradient);
  std::vector<Factor> previous;
  bool calibrated = true;  // the model's beliefs are those of its potentials
  for (int iteration = 0; iteration < settings.iterations; ++iteration) {
    previous = model.potentials();
    for (size_t r = 0; r < gradient.size(); ++r) {
      if (!measured[r]) continue;
      std::vector<double>& theta = model.potentials()[r].values;
      const std::vector<double>& g = gradient[r].values;
      for (size_t i = 0; i < theta.size(); ++i) theta[i] -= step * g[i];
    }
    model.calibrate(total);
    ++result.propagations;
    measured_marginals(model, measured, trial_marginals);
    const double trial = loss_of(assigned, trial_marginals);
    // Sufficient decrease (Armijo): L(mu) - L(mu') >= c <g, mu - mu'>.
    double decrease = 0;
    for (size_t r = 0; r < gradient.size(); ++r) {
      if (!measured[r]) continue;
      const std::vector<double>& g = gradient[r].values;
      for (size_t i = 0; i < g.size(); ++i) decrease += g[i] * (marginals[r].values[i] - trial_marginals[r].values[i]);
    }
    if (loss - trial >= kArmijo * decrease) {
      step *= kGrowth;
      std::swap(marginals, trial_marginals);
      loss = trial;
      gradient_of(assigned, marginals, model, gradient);
      calibrated = true;
    } else {
      step *= 0.5;
      model.potentials() = previous;
      calibrated = false;
    }
    if (settings.keep_going && !settings.keep_going(iteration + 1, settings.iterations)) {
      return Status::error(ErrorCode::Cancelled, "cancelled");
    }
  }
  if (!calibrated) {
    model.calibrate(total);
    ++result.propagations;
  }
  result.loss = loss;
  result.step = step;
  return result;
}

}  // namespace privsynth
