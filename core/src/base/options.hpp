#pragma once
// Reads user options from a JSON object with precise errors, and remembers which keys were read so
// that a misspelt option ("epsilom") is reported instead of silently ignored.
//
// Every read also declares the option (its name, type, and the values or bounds it takes), present
// or not: the catalogue of what a run accepts (privsynth/mechanisms.hpp) is what the readers
// declare when they read an empty object, so it cannot drift from the code that reads. Hence the
// rule for every options reader: read each option unconditionally (the optional overloads below
// read into std::optional), and give the values of a text option that takes a fixed set of them
// as a Choice table, never as string comparisons after a plain text().
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "base/choice.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

enum class OptionType { Number, Integer, Boolean, Text, TextList, Choice, ColumnSets };
// "number", "integer", "boolean", "text", "text-list", "choice", "column-sets"
const char* option_type_name(OptionType type);

// Columns named by the user with a weight: one marginal of a workload.
struct WeightedColumnSet {
  std::vector<std::string> columns;
  double weight = 1;
};

// An option as a reader declared it.
struct OptionDeclaration {
  std::string name;
  OptionType type = OptionType::Text;
  std::vector<std::string> values;         // Choice: the values it takes, in order
  std::optional<double> minimum, maximum;  // Number and Integer: inclusive bounds
  bool minimum_excluded = false;           // the value must exceed `minimum` (positive_number)
  bool test_only = false;                  // a switch for tests that makes the output NOT PRIVATE
};

class OptionReader {
 public:
  explicit OptionReader(const nlohmann::json& object) : object_(object) {}

  bool has(const char* key) const { return object_.contains(key) && !object_[key].is_null(); }
  // Each reader leaves `out` unchanged when the key is absent or null.
  Status number(const char* key, double& out, double min, double max);
  Status number(const char* key, std::optional<double>& out, double min, double max);
  Status positive_number(const char* key, double& out);  // finite and > 0
  Status integer(const char* key, long long& out, long long min, long long max);
  Status integer(const char* key, std::optional<long long>& out, long long min, long long max);
  Status boolean(const char* key, bool& out);
  // A boolean that only tests may set (it makes the output NOT PRIVATE): declared as such.
  Status test_only_switch(const char* key, bool& out);
  Status text(const char* key, std::string& out);
  Status text_list(const char* key, std::vector<std::string>& out);
  // A non-empty array whose items are arrays of column names, or {"columns": [...], "weight": w > 0}.
  Status column_sets(const char* key, std::vector<WeightedColumnSet>& out);
  // One of `choices` by its name; any other value fails, naming the values the option takes.
  template <class T, size_t N>
  Status choice(const char* key, T& out, const Choice<T> (&choices)[N]) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::optional<size_t> index, choice_index(key, names_of(choices)));
    if (index) out = choices[*index].value;
    return Status::ok();
  }
  template <class T, size_t N>
  Status choice(const char* key, std::optional<T>& out, const Choice<T> (&choices)[N]) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::optional<size_t> index, choice_index(key, names_of(choices)));
    if (index) out = choices[*index].value;
    return Status::ok();
  }

  // Marks a key as known without reading it (it is read elsewhere); declares nothing.
  void accept(const char* key) { used_.insert(key); }

  // Fails on the first key that no reader asked for.
  Status check_all_used() const;
  // Every option read so far, in the order first read.
  const std::vector<OptionDeclaration>& declarations() const { return declarations_; }

 private:
  template <class T, size_t N>
  static std::vector<std::string> names_of(const Choice<T> (&choices)[N]) {
    std::vector<std::string> names;
    for (const Choice<T>& choice : choices) names.emplace_back(choice.name);
    return names;
  }
  // The index of the value among `names`, or nothing when the key is absent or null.
  Result<std::optional<size_t>> choice_index(const char* key, const std::vector<std::string>& names);
  void declare(OptionDeclaration declaration);
  const nlohmann::json* find(const char* key);
  const nlohmann::json& object_;
  std::set<std::string> used_;
  std::vector<OptionDeclaration> declarations_;
};

// Parses a JSON object of options; "" means no options.
Result<nlohmann::json> parse_options_json(const std::string& text);

}  // namespace privsynth
