// sampler's options, read and checked before any data is touched.
#include <string>

#include "mechanisms/sampler/private_sampler.hpp"

namespace privsynth {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidArgument, message); }

}  // namespace

Result<PrivateSamplerOptions> read_private_sampler_options(OptionReader& reader, double epsilon) {
  PrivateSamplerOptions options;
  options.epsilon = epsilon;
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("sampler", options.sampler, kSamplerKinds));
  if (reader.has("syntheticRows")) {
    return invalid(
        "the sampler draws \"samples\" records (each costs epsilon / samples); \"syntheticRows\" is for the other "
        "mechanisms");
  }
  long long samples = 1;
  PRIVSYNTH_RETURN_IF_ERROR(reader.integer("samples", samples, 1, static_cast<long long>(kMaxSamplerSamples)));
  options.samples = static_cast<uint64_t>(samples);
  PRIVSYNTH_RETURN_IF_ERROR(reader.number("maxObscuring", options.max_obscuring, 0.01, 1));
  if (!obscures(options.sampler) && reader.has("maxObscuring")) {
    return invalid("option \"maxObscuring\" applies to the reveal-or-obscure samplers, not \"laplace-histogram\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(reader.boolean("preview", options.preview));
  return options;
}

}  // namespace privsynth
