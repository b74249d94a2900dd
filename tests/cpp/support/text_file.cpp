#include "text_file.hpp"

#include <fstream>
#include <sstream>

#ifndef PRIVSYNTH_SOURCE_DIR
#error "PRIVSYNTH_SOURCE_DIR must be defined"
#endif

namespace privsynth::testing {

std::optional<std::string> read_text_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string data_path(const std::string& relative) { return std::string(PRIVSYNTH_SOURCE_DIR) + "/data/" + relative; }

}  // namespace privsynth::testing
