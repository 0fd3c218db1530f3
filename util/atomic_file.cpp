#include "util/atomic_file.h"

#include <cerrno>
#include <fstream>
#include <system_error>

namespace jiang {

void write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  std::error_code ec;
  {
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
    out.flush();
    if (!out) {
      // What the failed open or write(2) left in errno: "No space left on device" is worth saying.
      const std::string reason = errno ? std::generic_category().message(errno) : "write failed";
      std::filesystem::remove(tmp, ec);
      throw FileWriteError("cannot write '" + path.string() + "' (through '" + tmp.string() + "'): " + reason);
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    const std::string reason = ec.message();
    std::filesystem::remove(tmp, ec);
    throw FileWriteError("cannot write '" + path.string() + "': " + reason);
  }
}

}  // namespace jiang
