#include "pipeline/record_stream.hpp"

#include <algorithm>
#include <numeric>

#include "data/decoding.hpp"
#include "lp/bootstrap.hpp"

namespace privsynth {

struct SyntheticRecordStream::State {
  std::vector<Column> columns;
  std::function<Result<EncodedTable>(size_t rows, RandomSource& random)> draw;
  // A table drawn already, served in slices, with its exact unit values where it has them.
  std::shared_ptr<const EncodedTable> drawn;
  std::vector<std::vector<double>> drawn_unit_values;
  std::unique_ptr<RandomSource> random;
  size_t rows = 0, served = 0;
};

namespace {

std::vector<std::vector<double>> slice_unit_values(const std::vector<std::vector<double>>& all, size_t first,
                                                   size_t count) {
  std::vector<std::vector<double>> slice(all.size());
  for (size_t c = 0; c < all.size(); ++c) {
    if (!all[c].empty()) slice[c].assign(all[c].begin() + long(first), all[c].begin() + long(first + count));
  }
  return slice;
}

}  // namespace

SyntheticRecordStream make_record_stream(const std::vector<Column>& columns, MechanismOutput& output,
                                         std::unique_ptr<RandomSource> random) {
  auto state = std::make_unique<SyntheticRecordStream::State>();
  state->columns = columns;
  state->random = std::move(random);
  if (output.draw_records) {
    state->draw = std::move(output.draw_records);
    state->rows = output.deferred_rows;
  } else {
    state->rows = output.synthetic.rows;
    state->drawn = std::make_shared<const EncodedTable>(std::move(output.synthetic));
    state->drawn_unit_values = std::move(output.synthetic_unit_values);
  }
  return SyntheticRecordStream(std::move(state));
}

SyntheticRecordStream::SyntheticRecordStream(std::unique_ptr<State> state) : state_(std::move(state)) {}
SyntheticRecordStream::SyntheticRecordStream(SyntheticRecordStream&&) noexcept = default;
SyntheticRecordStream& SyntheticRecordStream::operator=(SyntheticRecordStream&&) noexcept = default;
SyntheticRecordStream::~SyntheticRecordStream() = default;

size_t SyntheticRecordStream::rows() const { return state_->rows; }
size_t SyntheticRecordStream::remaining() const { return state_->rows - state_->served; }

Result<std::vector<DecodedColumn>> SyntheticRecordStream::next(size_t max_rows) {
  State& s = *state_;
  PRIVSYNTH_RETURN_IF_ERROR(s.random->health());
  const size_t count = std::min(max_rows, remaining());
  std::vector<DecodedColumn> decoded;
  if (s.drawn) {
    std::vector<size_t> rows(count);
    std::iota(rows.begin(), rows.end(), s.served);
    decoded = decode_table(s.columns, select_rows(*s.drawn, rows), *s.random,
                           slice_unit_values(s.drawn_unit_values, s.served, count));
  } else {
    PRIVSYNTH_ASSIGN_OR_RETURN(const EncodedTable drawn, s.draw(count, *s.random));
    decoded = decode_table(s.columns, drawn, *s.random);
  }
  s.served += count;
  // Fail closed: records drawn with failed randomness are not returned (base/random.hpp).
  PRIVSYNTH_RETURN_IF_ERROR(s.random->health());
  return decoded;
}

}  // namespace privsynth
