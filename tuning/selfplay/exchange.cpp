#include "tuning/selfplay/exchange.h"

#include <signal.h>

#include <algorithm>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "tuning/selfplay/output_file.h"

namespace jiang::selfplay {

std::string to_text(const Report& r) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& [index, f] : r.games) games.push_back({index, f.block, f.positions, int(f.result)});
  return nlohmann::json{{"done", r.done}, {"signal", r.signal}, {"failure", r.failure}, {"games", games}}.dump();
}

Report report_from_text(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  Report r{j.at("done").get<bool>(), j.at("signal").get<int>(), j.at("failure").get<std::string>(), {}};
  for (const nlohmann::json& g : j.at("games"))
    r.games.emplace(g.at(0).get<uint64_t>(),
                    Finished{g.at(1).get<std::string>(), g.at(2).get<int>(), GameResult(g.at(3).get<int>())});
  return r;
}

bool Writer::write(std::string& error) {
  std::string chunk;
  uint64_t games = 0, positions = 0;
  std::array<uint64_t, 3> results{};
  for (auto it = pending_.find(written_ + games); it != pending_.end(); it = pending_.find(written_ + games)) {
    chunk += it->second.block;
    positions += uint64_t(it->second.positions);
    ++results[int(it->second.result)];
    ++games;
    pending_.erase(it);
  }
  if (chunk.empty()) return true;
  try {
    write_all(fd_, chunk, name_);  // one block of complete games
  } catch (const SelfplayError& e) {
    error = e.what();
    return false;
  }
  written_ += games;
  positions_ += positions;
  for (int r = 0; r < 3; ++r) results_[r] += results[r];
  return true;
}

Decision Coordinator::receive(const std::vector<std::string>& reports) {
  for (size_t r = 0; r < reports.size(); ++r) {
    Report report = report_from_text(reports[r]);
    writer_.add(std::move(report.games));
    done_[r] = report.done;
    if (!report.failure.empty() && failure_.empty())
      failure_ = reports.size() > 1 ? "rank " + std::to_string(r) + ": " + report.failure : report.failure;
    if (report.signal && !signal_) {
      signal_ = report.signal;
      log_.warn("{} received: finishing the games written so far and dropping those in flight",
                signal_ == SIGINT ? "SIGINT" : "SIGTERM");
    }
  }
  if (write_error_.empty()) writer_.write(write_error_);
  const bool all_done = std::find(done_.begin(), done_.end(), false) == done_.end();
  return {signal_ || !failure_.empty() || !write_error_.empty(), all_done && !writer_.next_is_pending()};
}

}  // namespace jiang::selfplay
