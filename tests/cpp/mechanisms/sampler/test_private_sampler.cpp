// The "sampler" mechanism end to end on Adult: the joint alphabet of categorical columns, the
// per-sample budget of N samples, the refusals, the receipt (replace-one, n public, nothing
// data-dependent) and the data owner's exact comparison of the samplers.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "bundled_data.hpp"
#include "forecast/run_forecast.hpp"
#include "mechanisms/sampler/obscuring.hpp"
#include "mechanisms/sampler/private_sampler.hpp"
#include "statistics.hpp"

using namespace privsynth;
using Json = nlohmann::json;

namespace {

constexpr uint64_t kAdultRecords = 48842;

Json parse(const std::string& text) { return Json::parse(text); }

const Json& option_named(const Json& options, const std::string& name) {
  for (const Json& option : options) {
    if (option["sampler"] == name) return option;
  }
  FAIL("no option " << name);
  return options;
}

// A small public schema: colour (3 categories) x size (2): k = 6 joint symbols.
constexpr const char* kSchema = R"({"version":1,"name":"toy","columns":[
  {"name":"colour","type":"categorical","categories":["red","green","blue"]},
  {"name":"size","type":"categorical","categories":["small","large"]}]})";
const char* kColours[] = {"red", "green", "blue"};
const char* kSizes[] = {"small", "large"};

// counts[colour * 2 + size] records of each combination.
CellGrid toy_cells(const std::vector<uint64_t>& counts) {
  CellGrid cells(2);
  cells.add_row({"colour", "size"});
  for (size_t symbol = 0; symbol < counts.size(); ++symbol) {
    for (uint64_t i = 0; i < counts[symbol]; ++i) cells.add_row({kColours[symbol / 2], kSizes[symbol % 2]});
  }
  return cells;
}

Result<SynthesisOutput> run_toy(const std::vector<uint64_t>& counts, const std::string& options) {
  const CellGrid cells = toy_cells(counts);
  return synthesize(SynthesisInput{kSchema, cells.view(), options});
}

std::vector<double> joint_frequencies(const SynthesisOutput& output) {
  std::vector<double> observed(6, 0);
  for (size_t r = 0; r < output.rows; ++r) {
    observed[static_cast<size_t>(output.columns[0].categories[r] * 2 + output.columns[1].categories[r])] += 1;
  }
  return observed;
}

std::vector<double> roo_law(const std::vector<uint64_t>& counts, double gamma) {
  double n = 0;
  for (uint64_t c : counts) n += static_cast<double>(c);
  std::vector<double> law;
  for (uint64_t c : counts)
    law.push_back(gamma / static_cast<double>(counts.size()) + (1 - gamma) * static_cast<double>(c) / n);
  return law;
}

}  // namespace

TEST_CASE("the sampler's draws follow the law the report states, for every sampler", "[private-sampler]") {
  // n = 100; blue-large never occurs, so every obscured sample shows up as excess there.
  const std::vector<uint64_t> counts = {40, 20, 15, 10, 15, 0};
  for (const char* sampler : {"ds-roo", "roo", "subsampled-rr"}) {
    INFO(sampler);
    const Result<SynthesisOutput> result = run_toy(
        counts,
        std::string(
            R"({"epsilon":1000,"mechanism":"sampler","samples":20000,"maxObscuring":0.9,"testSeed":7,"sampler":")") +
            sampler + "\"}");
    INFO(result.status().message());
    REQUIRE(result.is_ok());
    const Json report = parse(result.value().report_json);
    const double gamma = option_named(report["sampler"]["options"], sampler)["gamma"];
    // Per-sample epsilon 0.05: gamma = 6 / (6 + 100 (e^0.05 - 1)) = 0.539 (ROO); DS-ROO the same, a symbol is missing.
    CHECK(gamma == Approx(roo_gamma(0.05, 100, 6)).epsilon(1e-9));
    const std::vector<double> observed = joint_frequencies(result.value());
    CHECK(testing::chi_square_p_value(observed, roo_law(counts, gamma)) > 1e-3);
    // The empirical law alone (no obscuring) is far off: blue-large would never appear.
    CHECK(observed[5] > 1500);
  }
}

TEST_CASE("DS-ROO reveals plain records when every symbol is frequent; the receipt does not say so",
          "[private-sampler]") {
  // Every symbol 50 times, n = 300, epsilon 1 per sample: g(m) = 0 from m >= zeroFrom (docs/spec/algorithms.md §1.3).
  const std::vector<uint64_t> counts(6, 50);
  const Result<SynthesisOutput> result =
      run_toy(counts, R"({"epsilon":5,"mechanism":"sampler","samples":5,"testSeed":2})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = parse(result.value().receipt_json);
  const Json report = parse(result.value().report_json);
  const Result<DsRooTable> table = ds_roo_table(1.0, 300, 6);
  REQUIRE(table.is_ok());
  REQUIRE(table.value().zero_from() <= 50);
  CHECK(receipt["parameters"]["dsRooTable"]["zeroFrom"] == table.value().zero_from());
  CHECK(option_named(report["sampler"]["options"], "ds-roo")["gamma"] == 0.0);
  CHECK(option_named(report["sampler"]["options"], "ds-roo")["tv"] == 0.0);
  CHECK(report["sampler"]["smallestCount"] == 50);
  // The smallest count picks DS-ROO's gamma: it stays in the data owner's report.
  CHECK(receipt.dump().find("smallestCount") == std::string::npos);
  CHECK(receipt["privacy"]["neighbours"].get<std::string>().rfind("replace one record", 0) == 0);
  CHECK(receipt["parameters"]["records"] == 300);
}

TEST_CASE("N samples cost epsilon / N each; too many are refused with the largest sound N", "[private-sampler]") {
  PrivateSamplerOptions options;
  options.epsilon = 1;
  options.samples = 1;
  const SamplerPlan plan = plan_private_sampler(options, kAdultRecords, 10).value();
  // gamma <= 1/2  <=>  eps / N >= ln(1 + k / n): N <= 1 / ln(1 + 10 / 48842) = 4884.9.
  CHECK(plan.most_samples == 4884);
  options.samples = 4884;
  const Result<SamplerPlan> most = plan_private_sampler(options, kAdultRecords, 10);
  REQUIRE(most.is_ok());
  CHECK(most.value().roo_gamma <= 0.5);
  CHECK(most.value().per_sample_epsilon == Approx(1.0 / 4884));
  CHECK_FALSE(sampler_refusal(options, most.value()));
  options.samples = 4885;
  const Result<SamplerPlan> refused = plan_private_sampler(options, kAdultRecords, 10);
  REQUIRE(refused.is_ok());
  const std::optional<std::string> why = sampler_refusal(options, refused.value());
  REQUIRE(why);
  CHECK_THAT(*why, Catch::Contains("draw at most 4884 samples") && Catch::Contains("laplace-histogram"));
  // The histogram spends the whole epsilon once, whatever N.
  options.sampler = SamplerKind::LaplaceHistogram;
  options.samples = 1000000;
  const Result<SamplerPlan> histogram = plan_private_sampler(options, kAdultRecords, 10);
  REQUIRE(histogram.is_ok());
  CHECK(histogram.value().per_sample_epsilon == 1.0);
  CHECK(histogram.value().histogram_scale.value() == Approx(2.0).epsilon(1e-6));
  CHECK(plan_private_sampler(options, 0, 10).status().code() == ErrorCode::EmptyData);
}

TEST_CASE("the sampler's alphabet: the product of the chosen columns' levels, within a limit", "[private-sampler]") {
  CHECK(sampler_alphabet_size({2, 5}).value() == 10);
  CHECK(sampler_alphabet_size({4096, 4096}).value() == kMaxSamplerAlphabet);
  CHECK(sampler_alphabet_size({4096, 4097}).status().code() == ErrorCode::DomainTooLarge);
  CHECK(sampler_alphabet_size({1}).status().code() == ErrorCode::InvalidArgument);
  const Result<SynthesisOutput> wide = testing::synthesize_on(
      testing::adult_data(),
      R"({"epsilon":1,"mechanism":"sampler","columns":["age","workclass","education","occupation","native-country","hours-per-week"]})");
  REQUIRE_FALSE(wide.is_ok());
  CHECK_THAT(wide.status().message(), Catch::Contains("joint alphabet"));
  for (const char* bad :
       {R"({"epsilon":1,"mechanism":"sampler","sampler":"roo2"})", R"({"epsilon":1,"mechanism":"sampler","samples":0})",
        R"({"epsilon":1,"mechanism":"sampler","syntheticRows":5})",
        R"({"epsilon":1,"mechanism":"sampler","sampler":"laplace-histogram","maxObscuring":0.2})"}) {
    INFO(bad);
    CHECK(testing::synthesize_on(testing::adult_data(), bad).status().code() == ErrorCode::InvalidArgument);
  }
}

TEST_CASE("the Laplace histogram: one ledger entry of sensitivity 2, N samples from it, its TV in the report",
          "[private-sampler]") {
  const Result<SynthesisOutput> result = testing::synthesize_on(
      testing::adult_data(),
      R"({"epsilon":1,"mechanism":"sampler","sampler":"laplace-histogram","columns":["sex","race"],"samples":100000,"testSeed":4})");
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json receipt = parse(result.value().receipt_json);
  const Json report = parse(result.value().report_json);
  REQUIRE(receipt["ledger"].size() == 1);
  CHECK(receipt["ledger"][0]["l1Sensitivity"] == 2.0);
  CHECK(receipt["ledger"][0]["noiseScale"].get<double>() >= 2.0);
  CHECK(receipt["released"]["noisyCounts"].size() == 10);
  CHECK(result.value().rows == 100000);
  CHECK(receipt["parameters"]["epsilonPerSample"].is_null());
  // Scale 2 on 10 counts of 48,842 records: TV about 10 x 1.04 / (2 x 48842) = 1e-4.
  CHECK(report["sampler"]["releasedHistogramTv"].get<double>() < 1e-3);
  CHECK(option_named(report["sampler"]["options"], "laplace-histogram")["tv"].get<double>() < 1e-3);
  // At N = 100,000 the ROO family is not even allowed (gamma near 1): the histogram is the better choice.
  CHECK(report["sampler"]["best"] == "laplace-histogram");
}

TEST_CASE("the sampler's preview charges nothing and compares every sampler, even at a refused N",
          "[private-sampler]") {
  const Result<SynthesisOutput> preview = testing::synthesize_on(
      testing::adult_data(),
      R"({"epsilon":1,"mechanism":"sampler","columns":["sex","race"],"samples":100000,"preview":true,"testSeed":1})");
  INFO(preview.status().message());
  REQUIRE(preview.is_ok());
  CHECK(preview.value().rows == 0);
  const Json receipt = parse(preview.value().receipt_json);
  CHECK(receipt["ledger"].empty());
  CHECK(receipt["privacy"]["epsilonSpent"] == 0.0);
  const Json report = parse(preview.value().report_json);
  CHECK(report["sampler"]["options"].size() == 4);
  CHECK(report["sampler"]["perSampleEpsilon"].get<double>() == Approx(1e-5));
}

TEST_CASE("the sampler's forecast states the receipt's parameters for the same n", "[private-sampler]") {
  const std::string options =
      R"({"epsilon":1,"mechanism":"sampler","columns":["sex","race"],"samples":300,"testSeed":5})";
  const Result<SynthesisOutput> result = testing::synthesize_on(testing::adult_data(), options);
  REQUIRE(result.is_ok());
  const Json receipt = parse(result.value().receipt_json);
  const Json forecast = parse(forecast_run_json(testing::adult_data().schema, options, double(kAdultRecords)).value());
  Json stated = receipt["parameters"];
  stated.erase("dsRooTable");
  CHECK(forecast["fit"]["parameters"] == stated);
  CHECK(forecast["releases"][0]["noise"] == "reveal-or-obscure sampling");
  CHECK(forecast["releases"][0]["budget"]["epsilon"] == 1.0);
  // Eq. (9) at epsilon / 300 for TV 0.05: (10 x 0.95 - 1) / (0.05 (e^(1/300) - 1)) = 50,916.7.
  const Json& needed = stated["obscuring"]["recordsForTv"];
  REQUIRE(needed.size() == 3);
  CHECK(needed[1]["tv"] == 0.05);
  CHECK(needed[1]["records"].get<double>() == std::ceil(8.5 / (0.05 * std::expm1(1.0 / 300))));
  // Without rows, the forecast states eq. (9) in words.
  const Json unsized = parse(forecast_run_json(testing::adult_data().schema, options, std::nullopt).value());
  CHECK(unsized["releases"][0]["notes"].dump().find("eq. (9)") != std::string::npos);
  CHECK_FALSE(forecast["fit"]["parameters"].contains("refusal"));
  // Too many samples for n: the run refuses, and the forecast says so with the largest N that passes.
  const std::string many = R"({"epsilon":1,"mechanism":"sampler","columns":["sex","race"],"samples":5000})";
  const Json refused = parse(forecast_run_json(testing::adult_data().schema, many, double(kAdultRecords)).value());
  CHECK(refused["fit"]["parameters"]["obscuring"]["mostSamples"] == 4884);
  CHECK_THAT(refused["fit"]["parameters"]["refusal"].get<std::string>(), Catch::Contains("draw at most 4884 samples"));
  const Result<SynthesisOutput> run = testing::synthesize_on(testing::adult_data(), many);
  REQUIRE_FALSE(run.is_ok());
  CHECK(run.status().code() == ErrorCode::InvalidArgument);
  CHECK(run.status().message() == refused["fit"]["parameters"]["refusal"].get<std::string>());
}

TEST_CASE("a privately discovered schema costs twice its epsilon under the sampler's replace-one neighbours",
          "[private-sampler]") {
  const std::string schema =
      R"({"version":1,"name":"toy","provenance":"dp-discovered","discovery":{"epsilon":0.5,"delta":1e-9},
    "columns":[{"name":"colour","type":"categorical","categories":["red","green","blue"]},
               {"name":"size","type":"categorical","categories":["small","large"]}]})";
  const CellGrid cells = toy_cells({10, 10, 10, 10, 10, 10});
  const Result<SynthesisOutput> result = synthesize(
      SynthesisInput{schema, cells.view(), R"({"epsilon":1,"mechanism":"sampler","samples":3,"testSeed":1})"});
  INFO(result.status().message());
  REQUIRE(result.is_ok());
  const Json privacy = parse(result.value().receipt_json)["privacy"];
  // Replacing a record = removing one and adding one: (2 eps_d, (1 + e^eps_d) delta_d) by group privacy.
  CHECK(privacy["domainDiscovery"]["epsilon"] == 1.0);
  CHECK(privacy["domainDiscovery"]["delta"].get<double>() == Approx((1 + std::exp(0.5)) * 1e-9));
  // The headline is the whole release's: the run's 1 and the discovery's 1 under replace-one.
  CHECK(privacy["epsilonSpent"].get<double>() == Approx(2.0));
  CHECK(privacy["delta"].get<double>() == Approx((1 + std::exp(0.5)) * 1e-9));
  CHECK(privacy["thisRun"]["epsilonSpent"].get<double>() == Approx(1.0));
  CHECK(privacy["definition"] ==
        "(epsilon, delta)-differential privacy, this run and the schema's private discovery together");
  CHECK_FALSE(privacy.contains("total"));
}
