// The rows of a tab-separated data file (data/chase.tsv, data/rule-cases.tsv): blank lines and lines
// starting with '#' are skipped, and each row is split into its fields.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace jiang::testing {

// Nothing if the file cannot be read: the caller checks the count it expects.
inline std::vector<std::vector<std::string>> tsv_rows(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream text(line);
    std::vector<std::string> fields;
    for (std::string field; std::getline(text, field, '\t');) fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

}  // namespace jiang::testing
