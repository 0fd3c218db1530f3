#include "match/game.h"

#include <poll.h>

#include "match/claims.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"

namespace jiang::match {
namespace {

// A position seen for the third time ends the game (as the self-play referee judges it, by the AXF
// rules: perpetual check loses, then perpetual chase; any other repetition draws).
constexpr int kRepetitions = 3;

const char* side_name(Color c) { return c == Red ? "Red" : "Black"; }

bool interrupted(int fd) {
  pollfd p{fd, POLLIN, 0};
  return fd >= 0 && ::poll(&p, 1, 0) > 0;
}

void end_game(GameOutcome& g, GameResult result, Ending ending, std::string reason) {
  g.result = result;
  g.ending = ending;
  g.reason = std::move(reason);
}

std::string claim_text(const Claim& c) {
  return std::string(result_string(c.result)) + (c.comment.empty() ? "" : " (" + c.comment + ")");
}

// The game is lost by `culprit`'s engine, for a reason that is its fault.
void lose(GameOutcome& g, Color culprit, Ending ending, std::string reason, std::string detail) {
  end_game(g, win_for(~culprit), ending, std::move(reason));
  g.culprit = culprit;
  g.detail = std::move(detail);
}

// Ends the game as the referee ruled on a claim (`what`: who claimed what, where).
void settle_claim(GameOutcome& g, const ClaimRuling& ruling, Color claimant, const std::string& what) {
  switch (ruling.kind) {
    case ClaimRuling::Kind::Verdict: return end_game(g, ruling.result, Ending::Rules, ruling.reason);
    case ClaimRuling::Kind::Concession: return lose(g, claimant, Ending::Resignation, "resignation", what);
    case ClaimRuling::Kind::RuleDraw: return end_game(g, ruling.result, Ending::DrawClaim, ruling.reason);
    case ClaimRuling::Kind::False: return lose(g, claimant, Ending::FalseClaim, "false claim", what);
  }
}

// The time a move may take before the engine has lost: its clock plus the margin, or the hang timeout.
std::chrono::milliseconds move_deadline(const GameRules& rules, const std::optional<Clock>& clock) {
  return clock ? clock->deadline() : rules.hang_timeout;
}

// An engine's limit: its own (tc=, nodes=, depth=), or the match's.
const MoveBudget& budget_of(const EngineClientBase& player, const GameRules& rules) {
  return player.spec().budget ? *player.spec().budget : rules.budget;
}

using Players = std::array<EngineClientBase*, kColors>;

SearchRequest make_request(const GameOutcome& g, const std::vector<std::string>& moves, const GameRules& rules,
                           const Players& players, const std::optional<Clock> (&clocks)[kColors], Color us) {
  SearchRequest request{g.start_fen, moves, budget_of(*players[us], rules), {}, move_deadline(rules, clocks[us])};
  request.clock.to_move = us;
  for (Color c : {Red, Black}) {
    request.clock.remaining_ms[c] = clocks[c] ? clocks[c]->remaining_ms() : 0;
    request.clock.increment_ms[c] = clocks[c] ? budget_of(*players[c], rules).tc.increment_ms : 0;
  }
  request.clock.movestogo = clocks[us] ? clocks[us]->moves_to_go() : 0;
  return request;
}

// Judges an engine's answer in `pos`: the legal move it played, or nothing when the answer ended the
// game (recorded in `g`).
std::optional<Move> judge(GameOutcome& g, const SearchReply& reply, const Position& pos, const std::string& name,
                          std::optional<Clock>& clock, const GameRules& rules) {
  const Color us = pos.side_to_move();
  const std::string who = name + " (" + side_name(us) + ")";
  const std::string where = " in " + pos.fen();
  using Status = SearchReply::Status;
  if (reply.status == Status::Crashed) {
    lose(g, us, Ending::Crash, "crash", who + " crashed or closed its output while thinking" + where);
    return std::nullopt;
  }
  const std::string used = std::to_string(reply.used.count()) + " ms";
  if (reply.status == Status::Unstopped) {
    lose(g, us, Ending::Hang, "hang",
         who + " pondered on a move that was not played and did not answer stop within " + used + where);
    return std::nullopt;
  }
  if (reply.status == Status::Timeout && !clock) {
    lose(g, us, Ending::Hang, "hang", who + " gave no move within " + used + where);
    return std::nullopt;
  }
  const bool timeout = reply.status == Status::Timeout;
  const Clock::Charge charge = clock && !timeout ? clock->charge(reply.used) : Clock::Charge::InTime;
  if (charge == Clock::Charge::Overrun) ++g.overruns[us];
  if (clock && (timeout || charge == Clock::Charge::Forfeit)) {
    lose(g, us, Ending::TimeForfeit, "time forfeit",
         who + " lost on time: " + (timeout ? "no move within " : "its move took ") + used + " with " +
             std::to_string(clock->remaining_ms()) + " ms left (margin " + std::to_string(rules.time_margin.count()) +
             " ms)" + where);
    return std::nullopt;
  }
  if (reply.best.resigned) {
    lose(g, us, Ending::Resignation, "resignation", who + " resigned" + where);
    return std::nullopt;
  }
  if (!reply.rejected.empty()) {
    lose(g, us, Ending::IllegalMove, "refused a legal move", who + " called the legal move '" + reply.rejected + "' illegal" + where);
    return std::nullopt;
  }
  if (reply.best.move.empty()) {
    // A claim instead of a move, or no move at all with legal moves on the board: UCCI's nobestmove (UCI's
    // bestmove (none)), which ElephantEye sends where its own count holds the game over (50 moves without
    // a capture, a third repetition, no attacking pieces). That is a claim too, judged as a draw claim.
    const Claim claim = reply.claim ? *reply.claim : Claim{GameResult::Draw, "no move"};
    const std::string what = reply.claim ? "claimed " + claim_text(claim) : "answered with no move (a claim)";
    // The claim may be about the position before the opponent's move, which it sent before reading that.
    Position before = pos;
    if (before.plies_played() > 0) before.unmake_move();
    settle_claim(g, judge_claim(claim, us, pos, &before), us, who + " " + what + " instead of moving" + where);
    return std::nullopt;
  }
  const std::optional<Move> move = parse_move(reply.best.move);
  if (!move || !is_legal(pos, *move)) {
    lose(g, us, Ending::IllegalMove, "illegal move",
         who + " played the illegal move '" + reply.best.move + "'" + where);
    return std::nullopt;
  }
  return move;
}

// The reply the mover expects (its bestmove's ponder move), if it is legal after the move: its engine
// ponders on it while the opponent thinks.
std::optional<Move> expected_reply(const SearchReply& reply, const Position& after) {
  const std::optional<Move> move = parse_move(reply.best.ponder);
  return move && is_legal(after, *move) ? move : std::nullopt;
}

// The new-game commands for both engines; false if one failed (the game is lost by it, or abandoned).
bool prepare(GameOutcome& g, const Players& players, int interrupt_fd) {
  for (Color c : {Red, Black}) {
    if (players[c]->new_game(interrupt_fd)) continue;
    g.abandoned = interrupted(interrupt_fd);
    const std::string who = players[c]->name() + " (" + side_name(c) + ")";
    if (players[c]->running()) lose(g, c, Ending::Hang, "hang", who + " did not answer (isready, ping) before the game");
    else lose(g, c, Ending::Crash, "crash", who + " exited before the game");
    g.unprepared = true;
    return false;
  }
  return true;
}

// The moves of the game until it ends, is lost by an engine or is abandoned.
void play_moves(GameOutcome& g, const std::vector<std::string>& opening_moves, const Players& players,
                const GameRules& rules, int interrupt_fd) {
  Position pos = Position::from_fen(g.start_fen);
  pos.in_check();  // recorded in the history: the repetition rules need to know who gave check
  std::vector<std::string> moves;
  for (const std::string& text : opening_moves) {  // read_openings checked that they replay
    const Move m = *parse_move(text);
    g.moves.push_back({m, std::nullopt, 0, {}});
    moves.push_back(text);
    pos.make_move(m);
    pos.in_check();
  }
  std::optional<Clock> clocks[kColors];
  for (Color c : {Red, Black})
    if (const MoveBudget& budget = budget_of(*players[c], rules); budget.clock) clocks[c].emplace(budget.tc, rules.time_margin);
  Adjudicator adjudicator(rules.adjudication);
  std::optional<Move> expected;  // the last mover's ponder move
  while (true) {
    if (const auto verdict = referee(pos, kRepetitions))
      return end_game(g, verdict->result, Ending::Rules, verdict->reason);
    if (const auto verdict = adjudicator.verdict())
      return end_game(g, verdict->result, Ending::Adjudication, verdict->reason);
    const Color us = pos.side_to_move();
    if (expected) {  // the last mover thinks on our time, as if we had played what it expects
      std::vector<std::string> predicted = moves;
      predicted.push_back(to_string(*expected));
      players[~us]->ponder(make_request(g, predicted, rules, players, clocks, ~us));
    }
    const SearchReply reply = players[us]->search(make_request(g, moves, rules, players, clocks, us), interrupt_fd);
    if (reply.status == SearchReply::Status::Interrupted) {
      g.abandoned = true;
      return;
    }
    const std::optional<Move> move = judge(g, reply, pos, players[us]->name(), clocks[us], rules);
    if (!move) return;
    g.moves.push_back({*move, reply.score, reply.depth, reply.used});
    moves.push_back(to_string(*move));
    const Position before = reply.claim || reply.offered_draw ? pos : Position();
    pos.make_move(*move);
    pos.in_check();
    // A draw offer, as XBoard takes it, is a claim where the rules allow one, and nothing otherwise.
    if (reply.offered_draw && !reply.claim) {
      const ClaimRuling ruling = judge_claim(Claim{GameResult::Draw, "draw offer"}, us, pos, &before);
      if (ruling.kind == ClaimRuling::Kind::RuleDraw) return end_game(g, ruling.result, Ending::DrawClaim, ruling.reason);
    }
    if (reply.claim)
      return settle_claim(g, judge_claim(*reply.claim, us, pos, &before), us,
                          players[us]->name() + " (" + side_name(us) + ") claimed " + claim_text(*reply.claim) +
                              " after " + moves.back() + " in " + pos.fen());
    expected = expected_reply(reply, pos);
    const std::optional<int> cp = reply.score ? std::optional(reply.score->centipawns()) : std::nullopt;
    adjudicator.after_move(us, cp, int(g.moves.size()));
  }
}

}  // namespace

const char* termination_tag(Ending e) {
  switch (e) {
    case Ending::Rules: return "normal";
    case Ending::Adjudication: return "adjudication";
    case Ending::Resignation:
    case Ending::DrawClaim: return "normal";
    case Ending::TimeForfeit: return "time forfeit";
    case Ending::IllegalMove:
    case Ending::FalseClaim: return "rules infraction";
    case Ending::Crash:
    case Ending::Hang: return "abandoned";
  }
  return "unterminated";
}

GameOutcome play_game(const Opening& opening, const Players& players, const GameRules& rules, int interrupt_fd) {
  GameOutcome g;
  g.start_fen = opening.fen;
  if (prepare(g, players, interrupt_fd)) play_moves(g, opening.moves, players, rules, interrupt_fd);
  // However the game ended, an engine pondering on a move that will not come is stopped, and its
  // bestmove read, so that nothing of this game reaches the next.
  for (EngineClientBase* player : players) player->end_game(g.result, g.abandoned ? "abandoned" : g.reason);
  return g;
}

}  // namespace jiang::match
