#include "pipeline/record_stream.hpp"

#include <algorithm>

#include "data/decoding.hpp"
#include "persons/synthetic_people.hpp"

namespace privsynth {

struct SyntheticRecordStream::State {
  std::vector<Column> columns;
  RecordDraw draw;
  std::unique_ptr<RandomSource> random;
  size_t rows = 0, served = 0;
  std::optional<StreamedPeople> people;
  size_t persons = 0;  // synthetic persons in the chunks drawn so far
};

Result<SyntheticRecordStream> make_record_stream(const std::vector<Column>& columns, MechanismOutput& output,
                                                 std::unique_ptr<RandomSource> random,
                                                 std::optional<StreamedPeople> people) {
  // Every mechanism that reads count tables defers its records; a release in memory is not streamed.
  if (!output.draw_records) {
    return Status::error(ErrorCode::Internal, "the mechanism drew its records at once instead of deferring them");
  }
  auto state = std::make_unique<SyntheticRecordStream::State>();
  state->columns = columns;
  state->draw = std::move(output.draw_records);
  state->random = std::move(random);
  state->rows = output.deferred_rows;
  state->people = std::move(people);
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
  PRIVSYNTH_ASSIGN_OR_RETURN(const EncodedTable drawn, s.draw(count, *s.random));
  std::vector<DecodedColumn> decoded = decode_table(s.columns, drawn, *s.random);
  if (s.people) {
    // Synthetic people within the chunk: post-processing of its records and the released counts.
    SyntheticPeople people =
        assign_synthetic_people(drawn, s.people->per_person, s.people->rows_distribution, *s.random);
    arrange_people(decoded, s.people->per_person, people);
    for (double& person : people.person) person += double(s.persons);
    s.persons += people.persons;
    decoded.push_back(DecodedColumn{s.people->unit, ColumnKind::Numeric, {}, std::move(people.person)});
  }
  s.served += count;
  // Fail closed: records drawn with failed randomness are not returned (base/random.hpp).
  PRIVSYNTH_RETURN_IF_ERROR(s.random->health());
  return decoded;
}

}  // namespace privsynth
