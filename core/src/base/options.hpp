#pragma once
// Reads user options from a JSON object with precise errors, and remembers which keys were read so
// that a misspelt option ("epsilom") is reported instead of silently ignored.
//
// Every read also declares the option (its name, type, the values or bounds it takes, what it means
// and its default), present or not: the catalogue of what a run accepts (privsynth/mechanisms.hpp)
// is what the readers declare when they read an empty object, so it cannot drift from the code that
// reads. Hence the rule for every options reader: read each option unconditionally (the optional
// overloads below read into std::optional), give the values of a text option that takes a fixed set
// of them as a Choice table, never as string comparisons after a plain text(), and read into the
// variable that already holds the default, so that the catalogue states the default the code keeps.
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

// Where an option's default comes from, as the catalogue states it.
enum class OptionDefault {
  AsRead,    // the value `out` holds when the reader is called: what the code keeps when the option is absent
  Computed,  // worked out from other options, the schema or a noisy count: the doc says how
  None,      // absent means none (no target, no limit, every column): the doc says what
  Required,  // a run refuses to start without it
};

// What an option means, in one or two plain sentences (the catalogue's "doc", the library's type
// comments and docs/api.md's tables), and where its default comes from.
struct OptionDoc {
  const char* text;
  OptionDefault default_from = OptionDefault::AsRead;
};

// An option as a reader declared it.
struct OptionDeclaration {
  std::string name;
  OptionType type = OptionType::Text;
  std::vector<std::string> values;         // Choice: the values it takes, in order
  std::optional<double> minimum, maximum;  // Number and Integer: inclusive bounds
  bool minimum_excluded = false;           // the value must exceed `minimum` (positive_number)
  bool test_only = false;                  // a switch for tests that makes the output NOT PRIVATE
  std::string doc;
  OptionDefault default_from = OptionDefault::AsRead;
  nlohmann::json default_value;  // AsRead: the value the code keeps when the option is absent (null: none)
};

class OptionReader {
 public:
  explicit OptionReader(const nlohmann::json& object) : object_(object) {}

  bool has(const char* key) const { return object_.contains(key) && !object_[key].is_null(); }
  // Each reader leaves `out` unchanged when the key is absent or null, and declares the option with
  // `doc`; with OptionDefault::AsRead the default declared is `out` as it is before the read (none
  // for an empty std::optional).
  Status number(const char* key, double& out, double min, double max, const OptionDoc& doc);
  Status number(const char* key, std::optional<double>& out, double min, double max, const OptionDoc& doc);
  Status positive_number(const char* key, double& out, const OptionDoc& doc);  // finite and > 0
  Status integer(const char* key, long long& out, long long min, long long max, const OptionDoc& doc);
  Status integer(const char* key, std::optional<long long>& out, long long min, long long max, const OptionDoc& doc);
  Status boolean(const char* key, bool& out, const OptionDoc& doc);
  // A boolean that only tests may set (it makes the output NOT PRIVATE): declared as such.
  Status test_only_switch(const char* key, bool& out, const OptionDoc& doc);
  Status text(const char* key, std::string& out, const OptionDoc& doc);
  Status text_list(const char* key, std::vector<std::string>& out, const OptionDoc& doc);
  // A non-empty array whose items are arrays of column names, or {"columns": [...], "weight": w > 0}.
  Status column_sets(const char* key, std::vector<WeightedColumnSet>& out, const OptionDoc& doc);
  // One of `choices` by its name; any other value fails, naming the values the option takes.
  template <class T, size_t N>
  Status choice(const char* key, T& out, const Choice<T> (&choices)[N], const OptionDoc& doc) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::optional<size_t> index,
                               choice_index(key, names_of(choices), doc, name_json(choices, out)));
    if (index) out = choices[*index].value;
    return Status::ok();
  }
  template <class T, size_t N>
  Status choice(const char* key, std::optional<T>& out, const Choice<T> (&choices)[N], const OptionDoc& doc) {
    PRIVSYNTH_ASSIGN_OR_RETURN(std::optional<size_t> index,
                               choice_index(key, names_of(choices), doc, out ? name_json(choices, *out) : nullptr));
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
  // The name of `value` in its table, or null when it has none (a sentinel for a computed default).
  template <class T, size_t N>
  static nlohmann::json name_json(const Choice<T> (&choices)[N], const T& value) {
    for (const Choice<T>& choice : choices) {
      if (choice.value == value) return choice.name;
    }
    return nullptr;
  }
  // The index of the value among `names`, or nothing when the key is absent or null.
  Result<std::optional<size_t>> choice_index(const char* key, const std::vector<std::string>& names,
                                             const OptionDoc& doc, nlohmann::json current);
  // Declares the option with its doc, and `current` as its default when the doc says AsRead.
  void declare(OptionDeclaration declaration, const OptionDoc& doc, nlohmann::json current);
  const nlohmann::json* find(const char* key);
  const nlohmann::json& object_;
  std::set<std::string> used_;
  std::vector<OptionDeclaration> declarations_;
};

// Parses a JSON object of options; "" means no options.
Result<nlohmann::json> parse_options_json(const std::string& text);

}  // namespace privsynth
