// Native entropy: the kernel CSPRNG through getrandom(2).
#include <sys/random.h>

#include <cerrno>

#include "privsynth/platform_entropy.hpp"

namespace privsynth {

bool fill_platform_entropy(uint8_t* buffer, size_t size) {
  size_t filled = 0;
  while (filled < size) {
    const ssize_t got = getrandom(buffer + filled, size - filled, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    filled += static_cast<size_t>(got);
  }
  return true;
}

}  // namespace privsynth
