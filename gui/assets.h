// The page's files (HTML, the bundled script and styles, the pieces, the font), built from gui/web by
// esbuild and compiled into jiang, so that the page needs nothing from the internet or the disk.
#pragma once

#include <span>
#include <string_view>

namespace jiang::gui {

struct Asset {
  std::string_view path;          // "/index.html", "/app.js", ...
  std::string_view content_type;
  std::string_view body;
};

// Empty when jiang was built without them (no node and npm at build time).
std::span<const Asset> embedded_assets();

}  // namespace jiang::gui
