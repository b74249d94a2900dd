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
  PRIVSYNTH_RETURN_IF_ERROR(reader.choice("sampler", options.sampler, kSamplerKinds,
                                          {"\"ds-roo\" and \"roo\" reveal a random record's symbol or obscure it with "
                                           "a uniform one; \"subsampled-rr\" is k-ary randomized response with ROO's "
                                           "law; \"laplace-histogram\" draws every sample from one noisy histogram."}));
  if (reader.has("syntheticRows")) {
    return invalid(
        "the sampler draws \"samples\" records (each costs epsilon / samples); \"syntheticRows\" is for the other "
        "mechanisms");
  }
  long long samples = 1;
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.integer("samples", samples, 1, static_cast<long long>(kMaxSamplerSamples),
                     {"N, the records to draw; the reveal-or-obscure samplers spend epsilon / N on each."}));
  options.samples = static_cast<uint64_t>(samples);
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.number("maxObscuring", options.max_obscuring, 0.01, 1,
                    {"The reveal-or-obscure samplers refuse an N whose samples would be uniform noise with a "
                     "probability above this; the error names the largest N that passes."}));
  if (!obscures(options.sampler) && reader.has("maxObscuring")) {
    return invalid("option \"maxObscuring\" applies to the reveal-or-obscure samplers, not \"laplace-histogram\"");
  }
  PRIVSYNTH_RETURN_IF_ERROR(
      reader.boolean("preview", options.preview,
                     {"Release nothing: only the owner-only report's comparison of the samplers on the data."}));
  return options;
}

}  // namespace privsynth
