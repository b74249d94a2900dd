#pragma once
// Text cells of a parsed CSV, as one UTF-8 byte buffer plus offsets: the form in which JavaScript
// hands a table to the core (copied once) and in which native tools load files.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace privsynth {

// Row-major cells; row 0 is the header. Cell (r, c) is bytes[offsets[i], offsets[i + 1]) with
// i = r * columns + c, so offsets has rows * columns + 1 entries.
struct CellGridView {
  const char* bytes = nullptr;
  const uint32_t* offsets = nullptr;
  size_t rows = 0;  // including the header row
  size_t columns = 0;
  size_t byte_count = 0;

  std::string_view cell(size_t row, size_t column) const {
    const size_t i = row * columns + column;
    return std::string_view(bytes + offsets[i], offsets[i + 1] - offsets[i]);
  }
};

// Owning builder used by native tools and tests.
class CellGrid {
 public:
  explicit CellGrid(size_t columns) : columns_(columns) { offsets_.push_back(0); }
  void add_cell(std::string_view text) {
    bytes_.append(text.data(), text.size());
    offsets_.push_back(static_cast<uint32_t>(bytes_.size()));
  }
  void add_row(const std::vector<std::string>& cells) {
    for (const std::string& text : cells) add_cell(text);
  }
  CellGridView view() const {
    return CellGridView{bytes_.data(), offsets_.data(), (offsets_.size() - 1) / (columns_ ? columns_ : 1), columns_,
                        bytes_.size()};
  }

 private:
  size_t columns_;
  std::string bytes_;
  std::vector<uint32_t> offsets_;
};

}  // namespace privsynth
