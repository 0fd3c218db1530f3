#include "match/xboard_client.h"

#include <algorithm>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/san.h"
#include "match/words.h"

namespace jiang::match {
namespace {

using namespace std::chrono_literals;
using SteadyClock = ChildProcess::Clock;
using timeouts::kReady;
using timeouts::kStartup;
using timeouts::kStopGrace;

// The protocol's wait for an engine that never says done=1 (a version 1 engine): XBoard waits two seconds.
constexpr auto kFeatureWait = 2s;

const char* result_text(GameResult r) {
  return r == GameResult::RedWins ? "1-0" : r == GameResult::BlackWins ? "0-1" : "1/2-1/2";
}

// The board and the side to move of a FEN: what tells the initial position from another.
std::string board_and_side(const std::string& fen) {
  const std::vector<std::string> w = words_of(fen);
  return w.size() >= 2 ? w[0] + " " + w[1] : fen;
}

}  // namespace

void XboardClient::start(int interrupt_fd) {
  launch();
  features_ = {};
  send("xboard");  // if the engine is already gone, the features find its output closed
  send("protover 2");
  read_features(interrupt_fd);
  if (!features_.plays_xiangqi())
    throw EngineError(spec_.name + ": the engine does not offer the xiangqi variant (its feature variants=\"" +
                      [&] {
                        std::string list;
                        for (const std::string& v : features_.variants) list += (list.empty() ? "" : ",") + v;
                        return list;
                      }() + "\")");
  if (spec_.budget && spec_.budget->nodes && !features_.nps)
    throw EngineError(spec_.name + ": a node limit needs the XBoard feature nps, which the engine lacks; give it tc= or depth=");
  send_options();
  if (!synchronise(kStartup, interrupt_fd)) throw EngineError(spec_.name + ": no pong after the options");
}

void XboardClient::read_features(int interrupt_fd) {
  const auto start = SteadyClock::now();
  std::string line;
  while (!features_.done) {
    const auto deadline = start + (features_.more ? std::chrono::milliseconds(kStartup) : kFeatureWait);
    const ChildProcess::ReadStatus status = read(line, deadline, interrupt_fd);
    if (status == ChildProcess::ReadStatus::Closed)
      throw EngineError(spec_.name + ": the engine exited during the handshake (does '" + program_ +
                        "' run, and does it speak the XBoard protocol?)");
    if (status == ChildProcess::ReadStatus::Interrupted) throw EngineError(spec_.name + ": interrupted during the handshake");
    if (status == ChildProcess::ReadStatus::Timeout) return;  // a version 1 engine: what it said is all
    for (const std::string& answer : read_feature_line(line, features_)) send(answer);
  }
}

void XboardClient::send_options() {
  for (const auto& [name, value] : spec_.options) {
    if (name == "memory" && features_.memory) send("memory " + value);
    else if (name == "cores" && features_.smp) send("cores " + value);
    else if (features_.has_option(name)) send("option " + name + "=" + value);
    else throw EngineError(spec_.name + ": the engine has no option '" + name + "'");
  }
}

bool XboardClient::synchronise(std::chrono::milliseconds timeout, int interrupt_fd) {
  if (!features_.ping) return true;  // nothing to wait for: what comes late is dropped before the next game
  const std::string pong = "pong " + std::to_string(++ping_);
  if (!send("ping " + std::to_string(ping_))) return false;
  const auto deadline = SteadyClock::now() + timeout;
  std::string line;
  while (read(line, deadline, interrupt_fd) == ChildProcess::ReadStatus::Line)
    if (words_of(line) == words_of(pong)) return true;
  healthy_ = false;
  return false;
}

bool XboardClient::new_game(int interrupt_fd) {
  if (!healthy()) return false;
  if (!features_.reuse) {
    try {
      start(interrupt_fd);
    } catch (const EngineError&) {
      healthy_ = false;
      return false;
    }
  }
  forget_state();
  return send("force") && synchronise(kReady, interrupt_fd);
}

bool XboardClient::can_start_from(const std::string& fen) const {
  return features_.setboard || board_and_side(fen) == board_and_side(std::string(kStartFen));
}

bool XboardClient::set_up(const SearchRequest& request) {
  if (playing_ && !send("force")) return false;
  // A move sent in force mode may come back late from an engine that ignored it (Fairy-Stockfish does):
  // dropped here, and by the ping of the next game.
  discard_pending();
  std::vector<std::string> commands = {"new", "variant xiangqi"};
  for (const std::string& c : limit_commands(request.budget)) commands.push_back(c);
  commands.insert(commands.end(), {"post", spec_.ponder ? "hard" : "easy", "force"});
  // Without setboard the engine is at the initial position after `new`: can_start_from has been asked.
  if (features_.setboard) commands.push_back("setboard " + xboard_setboard_fen(request.fen));
  else if (!can_start_from(request.fen)) return false;
  for (const std::string& c : commands)
    if (!send(c)) return false;
  fen_ = request.fen;
  board_ = Position::from_fen(fen_);
  board_.in_check();
  moves_.clear();
  set_up_ = true;
  playing_ = false;
  for (const std::string& move : request.moves)
    if (!send_move(move)) return false;
  return true;
}

bool XboardClient::send_move(const std::string& move) {
  const std::optional<Move> m = parse_move(move);
  const std::string text = features_.san && m ? san(board_, *m) : move;
  if (m) board_.make_move(*m), board_.in_check();
  moves_.push_back(move);
  sent_.push_back(text);
  return send((features_.usermove ? "usermove " : "") + text);
}

bool XboardClient::send_clocks(const SearchRequest& request) {
  if (!features_.time) return true;
  const Color us = request.clock.to_move;
  const auto centiseconds = [&](Color c) {
    return request.budget.clock ? std::max<int64_t>(request.clock.remaining_ms[c], 0) / 10 : kUnlimitedCentiseconds;
  };
  return send("time " + std::to_string(centiseconds(us))) && send("otim " + std::to_string(centiseconds(~us)));
}

SearchReply XboardClient::search(const SearchRequest& request, int interrupt_fd) {
  SearchReply reply;
  if (!healthy()) return reply;
  // Playing already: the game so far is the engine's, with one move more (the opponent's).
  const bool follows = playing_ && request.fen == fen_ && request.moves.size() == moves_.size() + 1 &&
                       std::equal(moves_.begin(), moves_.end(), request.moves.begin());
  sent_.clear();
  if (!follows && !set_up(request)) return reply;
  const auto start = SteadyClock::now();
  if (!send_clocks(request)) return reply;
  if (follows ? !send_move(request.moves.back()) : !send("go")) return reply;
  playing_ = true;
  return read_reply(start, request.deadline, interrupt_fd);
}

SearchReply XboardClient::read_reply(SteadyClock::time_point start, std::chrono::milliseconds deadline,
                                     int interrupt_fd) {
  SearchReply reply;
  std::string text;
  ChildProcess::ReadStatus status;
  bool answered = false;
  // After the answer, only what has already come: a claim or a resignation sent with the move.
  while ((status = read(text, answered ? SteadyClock::now() : start + deadline, interrupt_fd)) ==
         ChildProcess::ReadStatus::Line) {
    const XboardLine line = parse_xboard_line(text);
    using Kind = XboardLine::Kind;
    if (!answered && line.kind == Kind::Thinking) {
      reply.score = line.thinking->score;
      reply.depth = line.thinking->depth;
      notify_info(*line.thinking);
      continue;
    }
    if (line.kind == Kind::DrawOffer) reply.offered_draw = true;
    const bool was_answered = answered;
    if (line.kind == Kind::Resign) reply.best.resigned = answered = true;
    if (line.kind == Kind::Claim) reply.claim = Claim{*line.result, line.comment}, answered = true;
    if (!was_answered && line.kind == Kind::Move) reply.best.move = to_coordinates(line.move), answered = true;
    // Only a move of ours: some engines answer an unknown command with "Illegal move" too.
    if (!was_answered && line.kind == Kind::Rejected && std::count(sent_.begin(), sent_.end(), line.move))
      reply.rejected = line.move, answered = true;
    if (answered && !was_answered)
      reply.used = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start);
  }
  if (!answered) {
    reply.used = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start);
    healthy_ = false;
    reply.status = status == ChildProcess::ReadStatus::Timeout       ? SearchReply::Status::Timeout
                   : status == ChildProcess::ReadStatus::Interrupted ? SearchReply::Status::Interrupted
                                                                     : SearchReply::Status::Crashed;
    return reply;
  }
  reply.status = SearchReply::Status::BestMove;
  if (status == ChildProcess::ReadStatus::Closed) healthy_ = false;  // it answered, then exited
  if (!reply.best.move.empty()) {
    moves_.push_back(reply.best.move);
    if (const auto m = parse_move(reply.best.move); m && is_legal(board_, *m)) board_.make_move(*m), board_.in_check();
  }
  return reply;
}

std::string XboardClient::to_coordinates(const std::string& move) const {
  if (const auto m = parse_move(move); m && is_legal(board_, *m)) return move;
  if (const auto m = parse_san(board_, move)) return to_string(*m);
  return move;
}

void XboardClient::end_game(GameResult result, const std::string& reason) {
  if (healthy()) send(std::string("result ") + result_text(result) + " {" + reason + "}");
  forget_state();
}

bool XboardClient::recover(int interrupt_fd) {
  if (!process_ || process_->exited()) return false;
  forget_state();
  healthy_ = send("force") && synchronise(kStopGrace + kReady, interrupt_fd);
  return healthy_;
}

void XboardClient::forget_state() {
  set_up_ = playing_ = false;
  fen_.clear();
  moves_.clear();
}

}  // namespace jiang::match
