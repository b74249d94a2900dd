#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "privsynth/planner.hpp"

using namespace privsynth;

namespace {

// Bojkovic & Loh, Appendix C-C: Omega = {0,1}^4, F = all conjunctions of degree <= 2,
// |F| = C(4,0) + C(4,1) + C(4,2) = 11, eps = 0.2, delta = 0.5, gamma = 0.25.
PlannerInputs appendix_cc(PlannerReference reference = PlannerReference::Uniform) {
  PlannerInputs inputs;
  inputs.statistics = 11;
  inputs.epsilon = 0.2;
  inputs.delta = 0.5;
  inputs.gamma = 0.25;
  inputs.domain_size = 16;
  inputs.reference = reference;
  return inputs;
}

const TheoremPlan& theorem(const PlannerReport& report, const std::string& id) {
  for (const TheoremPlan& plan : report.theorems) {
    if (plan.id == id) return plan;
  }
  FAIL("no theorem " << id);
  return report.theorems.front();
}

const PlannerCondition& condition(const TheoremPlan& plan, const std::string& name) {
  for (const PlannerCondition& c : plan.conditions) {
    if (c.name == name) return c;
  }
  FAIL("no condition " << name << " in " << plan.id);
  return plan.conditions.front();
}

PlannerReport plan_ok(const PlannerInputs& inputs) {
  Result<PlannerReport> report = plan_synthesis(inputs);
  REQUIRE(report.is_ok());
  return report.value();
}

std::string error_of(const PlannerInputs& inputs) {
  Result<PlannerReport> report = plan_synthesis(inputs);
  REQUIRE_FALSE(report.is_ok());
  CHECK(report.status().code() == ErrorCode::InvalidArgument);
  return report.status().message();
}

constexpr double kLog44 = 3.784189633918261;  // log(|F| / gamma) = log(11 / 0.25)

}  // namespace

TEST_CASE("sigma and Theorem B.1 in the paper's Appendix C-C setting", "[planner]") {
  const PlannerReport report = plan_ok(appendix_cc());
  CHECK(report.log_statistics_over_gamma == Approx(kLog44));
  CHECK(report.sigma == Approx(0.5 / kLog44));  // 0.132129
  CHECK(report.primary == "B.1");
  const TheoremPlan& b1 = theorem(report, "B.1");
  CHECK(b1.primary);
  // n >= 2|F|/(eps delta) log(|F|/gamma) = 2 * 11 / (0.2 * 0.5) * ln 44 = 832.52
  CHECK(condition(b1, "n (privacy)").required == Approx(2 * 11 / (0.2 * 0.5) * std::log(44.0)));
  CHECK(condition(b1, "n (privacy)").required == Approx(832.5217194620174));
  CHECK(*b1.required_n == 833);
  // k >= log(|F|/gamma) / delta^2 = 4 ln 44 = 15.14
  CHECK(condition(b1, "k").required == Approx(15.136758535673044));
  CHECK(*b1.required_k == 16);
  // m >= |Omega| |F| / (delta^2 gamma) = 16 * 11 / (0.25 * 0.25) = 2816
  CHECK(condition(b1, "m").required == Approx(16.0 * 11 / (0.25 * 0.25)));
  CHECK(*b1.required_m == 2816);
  CHECK(*b1.condition_number_bound == 16);
  CHECK(*b1.privacy_epsilon == Approx(0.2));
  CHECK(*b1.success_probability == Approx(0.0).margin(1e-15));  // 1 - 4 gamma: vacuous at gamma = 1/4
  CHECK(*b1.accuracy == Approx(4.0));
  // gamma = 1/4 is outside (0, 1/4): the paper's own setting cannot meet every condition.
  CHECK(condition(b1, "gamma").met == std::optional<bool>(false));
  CHECK(b1.all_met == std::optional<bool>(false));
  CHECK_THAT(report.notes.front(), Catch::Contains("outside the theorems' range"));
}

TEST_CASE("Corollary III.1.1 in the Appendix C-C setting uses Theorem III.1's specialisation", "[planner]") {
  const PlannerReport report = plan_ok(appendix_cc(PlannerReference::Histogram));
  CHECK(report.primary == "III.1");
  const TheoremPlan& corollary = theorem(report, "III.1.1");
  // 8/tau1^2 (|Omega| + 2 log(1/gamma)) with tau1 = 1/16: 8 * 16^3 + 16 * 16^2 * ln 4 = 38446.26
  CHECK(condition(corollary, "n (empirical nu)").required == Approx(8 * 4096 + 16 * 256 * std::log(4.0)));
  CHECK(condition(corollary, "n (empirical nu)").required == Approx(38446.26170314707));
  // 16 delta |Omega|^2 log|Omega| / (gamma log(|F|/gamma)) = 6002.09
  CHECK(condition(corollary, "n (histogram noise)").required == Approx(6002.090013937946));
  CHECK(*corollary.required_n == 38447);
  // K at n = 38447 with C1 = C2 = 1; m >= 2 K |F| / (delta^2 gamma) = 352 K
  CHECK(*corollary.condition_number_bound == Approx(1.0149614952257249));
  CHECK(*corollary.required_m == 358);               // ceil(357.27)
  CHECK(*corollary.privacy_epsilon == Approx(0.4));  // 2 eps
  CHECK(*corollary.success_probability == Approx(1 - 0.75 - std::exp(-38447.0)));
  // The printed second term (divided by gamma log(|F|/delta)) is reported, not used.
  bool printed_note = false;
  for (const std::string& note : corollary.notes) printed_note |= note.find("49751.8") != std::string::npos;
  CHECK(printed_note);
  for (const PlannerConstantUse& constant : corollary.constants) {
    CHECK(constant.assumed);
    CHECK(constant.value == 1);
  }
}

TEST_CASE("Theorem III.1 with its default taus equals the corollary, and BSV 2.3 takes its K", "[planner]") {
  const PlannerReport report = plan_ok(appendix_cc(PlannerReference::Histogram));
  const TheoremPlan& general = theorem(report, "III.1");
  const TheoremPlan& corollary = theorem(report, "III.1.1");
  CHECK(general.primary);
  CHECK(*general.required_n == *corollary.required_n);
  CHECK(*general.condition_number_bound == Approx(*corollary.condition_number_bound));
  CHECK(*general.required_m == *corollary.required_m);
  const TheoremPlan& bsv = theorem(report, "BSV-2.3");
  CHECK(*bsv.condition_number_bound == Approx(*general.condition_number_bound));
  CHECK(condition(bsv, "m").required == Approx(*general.condition_number_bound * 11 / (0.25 * 0.25)));

  // A less uniform nu (smaller tau1, larger tau2) needs more data.
  PlannerInputs skewed = appendix_cc(PlannerReference::Histogram);
  skewed.tau1 = 1.0 / 64;
  skewed.tau2 = 0.25;
  const PlannerReport skewed_report = plan_ok(skewed);
  const TheoremPlan& harder = theorem(skewed_report, "III.1");
  CHECK(condition(harder, "n (empirical nu)").required == Approx(8 * 64.0 * 64 * (16 + 2 * std::log(4.0))));
  CHECK(*harder.required_n > *general.required_n);

  // Uniform reference: BSV 2.3 with K = |Omega| matches Theorem B.1's m.
  const PlannerReport uniform = plan_ok(appendix_cc());
  CHECK(*theorem(uniform, "BSV-2.3").condition_number_bound == 16);
  CHECK(*theorem(uniform, "BSV-2.3").required_m == *theorem(uniform, "B.1").required_m);
  CHECK(*theorem(uniform, "BSV-2.2").required_n == 833);
}

TEST_CASE("Theorem IV.1 and Corollary IV.1.1 on [0,1]^4", "[planner]") {
  PlannerInputs inputs = appendix_cc(PlannerReference::BernsteinKde);
  inputs.domain_size.reset();
  inputs.dimensions = 4;
  const PlannerReport report = plan_ok(inputs);
  CHECK(report.primary == "IV.1");
  const TheoremPlan& iv1 = theorem(report, "IV.1");
  // (3/tau)^(p+1) (2 / (eps sqrt((2 pi)^p)) log(1/gamma)), tau = 1: 243 * 2 / (0.2 * (2 pi)^2) * ln 4 = 85.33
  CHECK(condition(iv1, "n (KDE noise)").required == Approx(85.33004871880973));
  CHECK(*iv1.required_n == 833);                      // the privacy condition dominates
  CHECK(*iv1.condition_number_bound == Approx(2.0));  // 1 + C'1 tau
  CHECK(*iv1.required_m == 704);                      // 2 * 2 * 11 / (0.25 * 0.25)
  CHECK(*iv1.success_probability == Approx(1 - 0.25 - 1.0 / 833));
  CHECK(*iv1.bandwidth == Approx(std::pow(std::log(833.0) / 833, 0.25)));
  CHECK(*theorem(report, "IV.1.1").required_m == 176);  // C0 |F| / (delta^2 gamma), C0 = 1
  CHECK(*theorem(report, "BSV-2.3").condition_number_bound == Approx(2.0));
  for (const TheoremPlan& plan : report.theorems) CHECK(plan.id.rfind("III", 0) != 0);  // no discrete theorems

  inputs.constants.C0 = 4;  // = 2 (1 + C'1): the corollary then agrees with the theorem
  const PlannerReport given = plan_ok(inputs);
  CHECK(*theorem(given, "IV.1.1").required_m == 704);
  CHECK_FALSE(theorem(given, "IV.1.1").constants.front().assumed);
}

TEST_CASE("more data meets more conditions", "[planner]") {
  PlannerInputs inputs = appendix_cc(PlannerReference::Histogram);
  inputs.gamma = 0.05;
  int previous_met = -1;
  double previous_m = 1e300;
  for (double n = 10; n <= 1e9; n *= 10) {
    inputs.n = n;
    const PlannerReport report = plan_ok(inputs);
    const TheoremPlan& corollary = theorem(report, "III.1.1");
    int met = 0;
    for (const PlannerCondition& c : corollary.conditions) met += c.name.rfind("n ", 0) == 0 && *c.met;
    CHECK(met >= previous_met);
    CHECK(*corollary.required_m <= previous_m);  // K falls as n grows
    previous_met = met;
    previous_m = *corollary.required_m;
  }
  CHECK(previous_met == 4);  // every n condition at n = 1e9

  // With n, k and m at B.1's bounds and gamma < 1/4 every condition is met; one record less is not.
  PlannerInputs uniform = appendix_cc();
  uniform.gamma = 0.05;
  const TheoremPlan bounds = theorem(plan_ok(uniform), "B.1");
  uniform.n = *bounds.required_n;
  uniform.k = *bounds.required_k;
  uniform.m = *bounds.required_m;
  CHECK(theorem(plan_ok(uniform), "B.1").all_met == std::optional<bool>(true));
  CHECK(*theorem(plan_ok(uniform), "B.1").success_probability == Approx(0.8));
  uniform.n = *bounds.required_n - 1;
  CHECK(theorem(plan_ok(uniform), "B.1").all_met == std::optional<bool>(false));
  CHECK(condition(theorem(plan_ok(uniform), "B.1"), "n (privacy)").met == std::optional<bool>(false));
  // Without n, the n conditions are unknown rather than failed.
  uniform.n.reset();
  const TheoremPlan unknown = theorem(plan_ok(uniform), "B.1");
  CHECK_FALSE(condition(unknown, "n (privacy)").met.has_value());
  CHECK_FALSE(unknown.all_met.has_value());
}

TEST_CASE("epsilon implied by Laplace(sigma) at a given n", "[planner]") {
  PlannerInputs inputs = appendix_cc();
  inputs.n = 832.5217194620174;  // exactly Theorem II.1 (1)'s bound: the implied epsilon is eps
  CHECK(*plan_ok(inputs).statistics_epsilon_at_n == Approx(0.2));
  inputs.n = 8325.217194620174;
  CHECK(*plan_ok(inputs).statistics_epsilon_at_n == Approx(0.02));
}

TEST_CASE("bad planner inputs are InvalidArgument with specific messages", "[planner]") {
  PlannerInputs bad = appendix_cc();
  bad.delta = 0.6;
  CHECK_THAT(error_of(bad), Catch::Contains("delta must be in (0, 1/2]"));
  bad.delta = 0;
  CHECK_THAT(error_of(bad), Catch::Contains("delta must be in (0, 1/2]"));
  bad = appendix_cc();
  bad.gamma = 0.3;
  CHECK_THAT(error_of(bad), Catch::Contains("gamma must be in (0, 1/4)"));
  bad.gamma = 0;
  CHECK_THAT(error_of(bad), Catch::Contains("gamma must be in (0, 1/4)"));
  bad = appendix_cc();
  bad.epsilon = 0;
  CHECK_THAT(error_of(bad), Catch::Contains("epsilon must be a finite number greater than 0"));
  bad.epsilon = NAN;
  CHECK_THAT(error_of(bad), Catch::Contains("epsilon"));
  bad = appendix_cc();
  bad.statistics = 0;
  CHECK_THAT(error_of(bad), Catch::Contains("statistics (|F|"));
  bad.statistics = 2.5;
  CHECK_THAT(error_of(bad), Catch::Contains("whole number"));
  bad = appendix_cc();
  bad.n = 0.5;
  CHECK_THAT(error_of(bad), Catch::Contains("n must be a finite number >= 1"));
  bad = appendix_cc();
  bad.m = -3;
  CHECK_THAT(error_of(bad), Catch::Contains("m must be a finite number >= 1"));
  bad = appendix_cc();
  bad.domain_size.reset();
  CHECK_THAT(error_of(bad), Catch::Contains("reference \"uniform\" needs domainSize"));
  bad = appendix_cc(PlannerReference::BernsteinKde);
  CHECK_THAT(error_of(bad), Catch::Contains("needs dimensions"));
  bad = appendix_cc(PlannerReference::Histogram);
  bad.tau1 = 0.1;  // > 1/16: no distribution on 16 points has a smallest mass above 1/16
  CHECK_THAT(error_of(bad), Catch::Contains("tau1"));
  bad.tau1.reset();
  bad.tau2 = 0.01;
  CHECK_THAT(error_of(bad), Catch::Contains("tau2"));
  bad = appendix_cc();
  bad.dimensions = 4;
  bad.tau = 1.5;
  CHECK_THAT(error_of(bad), Catch::Contains("tau (the infimum"));
  bad = appendix_cc();
  bad.constants.C2 = -1;
  CHECK_THAT(error_of(bad), Catch::Contains("constants.C2"));
}

TEST_CASE("planner inputs read from JSON, with precise errors", "[planner]") {
  const std::string text = R"({"n": 40000, "statistics": 11, "epsilon": 0.2, "delta": 0.5, "gamma": 0.25,
    "domainSize": 16, "reference": "histogram", "m": 400, "k": 16, "tau1": 0.0625, "tau2": 0.0625,
    "constants": {"C1": 2, "c": 0.5}})";
  Result<PlannerInputs> read = read_planner_inputs(text);
  REQUIRE(read.is_ok());
  const PlannerInputs& inputs = read.value();
  CHECK(*inputs.n == 40000);
  CHECK(inputs.reference == PlannerReference::Histogram);
  CHECK(*inputs.constants.C1 == 2);
  CHECK_FALSE(inputs.constants.C2.has_value());

  // Round trip: inputs -> JSON -> inputs gives the same report.
  const PlannerReport report = plan_ok(inputs);
  const nlohmann::json json = planner_report_json(report);
  Result<PlannerInputs> again = read_planner_inputs(json["inputs"].dump());
  REQUIRE(again.is_ok());
  CHECK(planner_report_json(plan_ok(again.value())) == json);
  CHECK(json["primary"] == "III.1");
  CHECK(json["theorems"][0]["id"] == "BSV-2.2");
  // Given constants are labelled as given, the others as assumed.
  bool saw_assumed = false, saw_given = false;
  for (const auto& plan : json["theorems"]) {
    for (const auto& constant : plan["constants"]) {
      if (constant["name"] == "C2") saw_assumed = constant["label"] == "constant not given in the paper, assumed 1";
      if (constant["name"] == "C1") saw_given = constant["label"] == "given" && constant["value"] == 2;
    }
  }
  CHECK(saw_assumed);
  CHECK(saw_given);
  // Unknown inputs stay unknown in JSON (null), not false.
  PlannerInputs no_n = inputs;
  no_n.n.reset();
  const nlohmann::json unknown = planner_report_json(plan_ok(no_n));
  CHECK(unknown["theorems"][0]["conditions"][0]["met"].is_null());
  CHECK(unknown["statisticsEpsilonAtN"].is_null());

  auto error = [](const std::string& json_text) {
    Result<PlannerInputs> result = read_planner_inputs(json_text);
    REQUIRE_FALSE(result.is_ok());
    CHECK(result.status().code() == ErrorCode::InvalidArgument);
    return result.status().message();
  };
  const std::string base = R"("statistics": 11, "epsilon": 0.2, "delta": 0.5, "gamma": 0.25, "domainSize": 16)";
  CHECK_THAT(error("{" + base + R"(, "reference": "uniform", "epsilom": 1})"),
             Catch::Contains("unknown option \"epsilom\""));
  CHECK_THAT(error("{" + base + R"(, "reference": "kde"})"),
             Catch::Contains("\"uniform\", \"histogram\" or \"bernstein-kde\""));
  CHECK_THAT(error("{" + base + "}"), Catch::Contains("option \"reference\" is required"));
  CHECK_THAT(error("{" + base + R"(, "reference": "uniform", "n": "many"})"),
             Catch::Contains("option \"n\" must be a finite number"));
  CHECK_THAT(error("{" + base + R"(, "reference": "uniform", "constants": {"C3": 1}})"),
             Catch::Contains("constants.C3"));
  CHECK_THAT(error("{" + base + R"(, "reference": "uniform", "constants": [1]})"),
             Catch::Contains("\"constants\" must be an object"));
  CHECK_THAT(error("{" + base + R"(, "reference": "uniform", "dimensions": 2.5})"), Catch::Contains("\"dimensions\""));
  CHECK_THAT(
      error(
          R"({"statistics": 11, "epsilon": 0.2, "delta": 0.9, "gamma": 0.25, "domainSize": 16, "reference": "uniform"})"),
      Catch::Contains("delta must be in (0, 1/2]"));
  CHECK_THAT(error("[1, 2]"), Catch::Contains("must be a JSON object"));
  CHECK_THAT(error("{"), Catch::Contains("must be a JSON object"));
}
