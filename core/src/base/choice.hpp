#pragma once
// One value of an option that takes a fixed set of them: its name in the options, and what it
// means to the code. A table of them (a C array, in the order an error message lists them) is the
// option's only list of values: the options reader (options.hpp) parses by it, the catalogue of
// mechanisms lists it, and names are looked up in it.
#include <cstddef>

namespace privsynth {

template <class T>
struct Choice {
  const char* name;
  T value;
};

// The name of `value` in its table ("?" if it has none).
template <class T, size_t N>
const char* choice_name(const Choice<T> (&choices)[N], T value) {
  for (const Choice<T>& choice : choices) {
    if (choice.value == value) return choice.name;
  }
  return "?";
}

}  // namespace privsynth
