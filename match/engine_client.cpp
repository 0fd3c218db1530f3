#include "match/engine_client.h"

#include <algorithm>
#include <utility>

namespace jiang::match {
namespace {

using SteadyClock = ChildProcess::Clock;
using timeouts::kReady;
using timeouts::kStartup;
using timeouts::kStopGrace;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// "option NAME type ..." (UCCI) or "option name NAME type ..." (UCI): the name, which may have blanks.
std::string option_name(const std::string& line) {
  size_t start = std::string("option ").size();
  if (line.compare(start, 5, "name ") == 0) start += 5;
  const size_t type = line.find(" type ", start);
  std::string name = line.substr(start, type == std::string::npos ? std::string::npos : type - start);
  while (!name.empty() && name.back() == ' ') name.pop_back();
  return name;
}

}  // namespace

void EngineClient::read_handshake(int interrupt_fd) {
  handshake_ = {};
  const auto deadline = SteadyClock::now() + kStartup;
  std::string line;
  while (true) {
    const ChildProcess::ReadStatus status = read(line, deadline, interrupt_fd);
    if (status == ChildProcess::ReadStatus::Closed)
      throw EngineError(spec_.name + ": the engine exited during the handshake (does '" + program_ + "' run, and does it speak " +
                        dialect_->hello() + "?)");
    if (status != ChildProcess::ReadStatus::Line)
      throw EngineError(spec_.name + ": no '" + dialect_->hello_ok() + "' within " +
                        std::to_string(kStartup.count()) + " s of '" + dialect_->hello() + "'");
    if (line == dialect_->hello_ok()) return;
    if (starts_with(line, "id name ")) handshake_.id_name = line.substr(8);
    if (starts_with(line, "option ")) handshake_.options.push_back(option_name(line));
  }
}

void EngineClient::start(int interrupt_fd) {
  if (spec_.dialect == Dialect::Xboard) throw EngineError(spec_.name + ": an XBoard engine needs XboardClient");
  launch();
  dialect_ = make_dialect(spec_.dialect, spec_.time_unit);
  send(dialect_->hello());  // if the engine is already gone, the handshake finds its output closed
  read_handshake(interrupt_fd);
  if (spec_.dialect == Dialect::Uci && starts_with(handshake_.id_name, "Fairy-Stockfish"))
    throw EngineError(spec_.name + ": Fairy-Stockfish numbers Xiangqi ranks 1-10 in UCI; use proto=ucci");
  // A GUI that ponders tells an engine offering the option (UCI's Ponder; UCCI's ponder, where there is
  // one); before the spec's own options, so that an option.Ponder= given there wins.
  if (spec_.ponder && handshake_.offers("ponder")) send(dialect_->setoption(handshake_.spelling("ponder"), "true"));
  for (const auto& [name, value] : spec_.options) {
    if (!handshake_.offers(name))
      throw EngineError(spec_.name + ": the engine has no option '" + name + "'");
    send(dialect_->setoption(handshake_.spelling(name), value));
  }
  for (const std::string& command : dialect_->after_handshake(handshake_)) send(command);
  if (!send("isready") || !wait_for({"readyok"}, kStartup, interrupt_fd))
    throw EngineError(spec_.name + ": no 'readyok' after the options");
}

bool EngineClient::new_game(int interrupt_fd) {
  if (!healthy()) return false;
  for (const std::string& command : dialect_->new_game(handshake_)) send(command);
  healthy_ = send("isready") && wait_for({"readyok"}, kReady, interrupt_fd);
  return healthy_;
}

SearchReply EngineClient::search(const SearchRequest& request, int interrupt_fd) {
  SearchReply reply;
  if (analysing_) stop_analysis();
  if (!healthy()) return reply;
  const auto start = SteadyClock::now();
  if (pondering_ && pondering_->first == request.fen && pondering_->second == request.moves) {
    // The expected reply came: the ponder search goes on as this one, and the clock runs from here.
    // Its info lines so far are for this position, so they are read, not discarded.
    pondering_.reset();
    if (!send("ponderhit")) return reply;
    return read_reply(start, request.deadline, interrupt_fd);
  }
  // A miss: the engine's clock runs from the opponent's move, as in a GUI, so a slow stop is its own.
  if (pondering_) {
    const SearchReply::Status stopped = end_ponder();
    if (stopped != SearchReply::Status::BestMove) {
      reply.status = stopped;
      reply.used = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start);
      return reply;
    }
  }
  discard_pending();
  if (!send(dialect_->position(request.fen, request.moves))) return reply;
  if (!send(dialect_->go(request.budget, request.clock))) return reply;
  return read_reply(start, request.deadline, interrupt_fd);
}

ChildProcess::ReadStatus EngineClient::read_to_bestmove(BestMove& best, SteadyClock::time_point deadline,
                                                        int interrupt_fd, SearchReply* reply) {
  std::string line;
  ChildProcess::ReadStatus status;
  while ((status = read(line, deadline, interrupt_fd)) == ChildProcess::ReadStatus::Line) {
    if (const auto answer = parse_bestmove(line)) {
      best = *answer;
      return status;
    }
    const std::optional<EngineInfo> info = parse_info(line);
    if (!info) continue;
    if (reply && info->multipv <= 1) {  // a game's move: the best line's figures
      if (info->score && info->bound == EngineInfo::Bound::Exact) reply->score = info->score;
      if (info->depth) reply->depth = info->depth;
    }
    notify_info(*info);
  }
  return status;
}

SearchReply EngineClient::read_reply(SteadyClock::time_point start, std::chrono::milliseconds deadline,
                                     int interrupt_fd) {
  SearchReply reply;
  const ChildProcess::ReadStatus status = read_to_bestmove(reply.best, start + deadline, interrupt_fd, &reply);
  reply.used = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start);
  if (status == ChildProcess::ReadStatus::Line) {
    reply.status = SearchReply::Status::BestMove;
    return reply;
  }
  healthy_ = false;
  reply.status = status == ChildProcess::ReadStatus::Timeout       ? SearchReply::Status::Timeout
                 : status == ChildProcess::ReadStatus::Interrupted ? SearchReply::Status::Interrupted
                                                                   : SearchReply::Status::Crashed;
  return reply;
}

void EngineClient::ponder(const SearchRequest& request) {
  if (!spec_.ponder || !healthy()) return;
  discard_pending();
  // A failed send leaves the engine unhealthy: its next search() reports the crash.
  if (send(dialect_->position(request.fen, request.moves)) && send(dialect_->go_ponder(request.budget, request.clock)))
    pondering_.emplace(request.fen, request.moves);
}

SearchReply::Status EngineClient::end_ponder() {
  pondering_.reset();
  if (!send("stop")) return SearchReply::Status::Crashed;
  // Not cut short by the interrupt: a match that is stopping still wants the stray bestmove consumed,
  // and the grace bounds the wait.
  const ChildProcess::ReadStatus status = read_until({"bestmove", "nobestmove"}, SteadyClock::now() + kStopGrace, -1);
  if (status == ChildProcess::ReadStatus::Line) return SearchReply::Status::BestMove;
  healthy_ = false;
  return status == ChildProcess::ReadStatus::Timeout ? SearchReply::Status::Unstopped : SearchReply::Status::Crashed;
}

bool EngineClient::stop_pondering() {
  return !pondering_ || end_ponder() == SearchReply::Status::BestMove;
}

bool EngineClient::recover(int interrupt_fd) {
  if (!process_ || process_->exited()) return false;
  // It was thinking: it answers `stop` with its move (or has sent it late, and it waits in the pipe).
  // No answer within the grace: it is hung.
  healthy_ = send("stop") && wait_for({"bestmove", "nobestmove"}, kStopGrace, interrupt_fd) && send("isready") &&
             wait_for({"readyok"}, kReady, interrupt_fd);
  return healthy_;
}

bool EngineClient::start_analysis(const std::string& fen, const std::vector<std::string>& moves, int multipv) {
  const bool offers_multipv = handshake_.offers("multipv");
  if (multipv < 1 || (multipv > 1 && !offers_multipv))
    throw EngineError(spec_.name + ": cannot analyse " + std::to_string(multipv) + " lines" +
                      (multipv > 1 ? " (the engine has no MultiPV option)" : ""));
  if (analysing_) stop_analysis();
  stop_pondering();
  if (!healthy()) return false;
  discard_pending();
  analysis_end_.reset();
  if (offers_multipv && !send(dialect_->setoption(handshake_.spelling("multipv"), std::to_string(multipv)))) return false;
  analysing_ = send(dialect_->position(fen, moves)) && send("go infinite");
  return analysing_;
}

EngineClient::AnalysisState EngineClient::follow_analysis(SteadyClock::time_point deadline, int interrupt_fd) {
  if (analysis_end_) return AnalysisState::Ended;
  if (!analysing_ || !healthy()) return AnalysisState::Crashed;
  BestMove best;
  switch (read_to_bestmove(best, deadline, interrupt_fd, nullptr)) {
    case ChildProcess::ReadStatus::Line: analysis_end_ = best; return AnalysisState::Ended;
    case ChildProcess::ReadStatus::Timeout: return AnalysisState::Running;
    case ChildProcess::ReadStatus::Interrupted: return AnalysisState::Interrupted;
    case ChildProcess::ReadStatus::Closed: break;
  }
  healthy_ = false;
  return AnalysisState::Crashed;
}

std::optional<BestMove> EngineClient::stop_analysis() {
  if (!analysing_) return std::nullopt;
  analysing_ = false;
  if (analysis_end_) return std::exchange(analysis_end_, std::nullopt);
  BestMove best;
  // Not cut short by the interrupt, as end_ponder: the bestmove must be consumed, and the grace bounds the wait.
  if (send("stop") && read_to_bestmove(best, SteadyClock::now() + kStopGrace, -1, nullptr) == ChildProcess::ReadStatus::Line)
    return best;
  healthy_ = false;
  return std::nullopt;
}

void EngineClient::forget_state() {
  pondering_.reset();
  analysing_ = false;
  analysis_end_.reset();
}

}  // namespace jiang::match
