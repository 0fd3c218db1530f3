#include "engine/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/rules.h"

namespace jiang {
namespace {

// Aspiration: from this depth the previous score is trusted enough to search a narrow window around
// it; the window starts this wide (a third of a pawn) and doubles on each failure.
constexpr int kAspirationMinDepth = 5;
constexpr Score kAspirationWindow = 30;

// Null move: skipped below this depth (too little to save); the reduction grows with depth.
constexpr int kNullMinDepth = 3;
constexpr int kNullBaseReduction = 2;
constexpr int kNullDepthDivisor = 4;
// From this depth a null-move cutoff is verified by a reduced search without null moves, so that deep
// zugzwang errors cannot prune a whole subtree.
constexpr int kNullVerifyDepth = 10;

// Reverse futility pruning: near the leaves, a static score this far above beta per ply of depth left
// is not expected to fall below beta.
constexpr int kReverseFutilityMaxDepth = 6;
constexpr Score kReverseFutilityMargin = 90;

// Late move reductions: quiet moves ordered late are searched shallower first, and again at full
// depth only if they beat alpha. Not in the first moves (the likely best) or near the leaves.
constexpr int kLmrMinDepth = 3;
constexpr int kLmrMinMoves = 3;
constexpr double kLmrBase = 0.75;     // reduction = base + ln(depth) * ln(moves) / divisor
constexpr double kLmrDivisor = 2.25;
constexpr int kLmrTableSize = 64;

int lmr_reduction(int depth, int moves_searched) {
  static const auto table = [] {
    std::array<std::array<int, kLmrTableSize>, kLmrTableSize> t{};
    for (int d = 1; d < kLmrTableSize; ++d)
      for (int m = 1; m < kLmrTableSize; ++m) t[d][m] = int(kLmrBase + std::log(d) * std::log(m) / kLmrDivisor);
    return t;
  }();
  return table[std::min(depth, kLmrTableSize - 1)][std::min(moves_searched, kLmrTableSize - 1)];
}

// Futility pruning: at depth d <= 3 a quiet move that gives no check is not searched when the static
// score is more than kFutilityBase + kFutilityPerPly * d below alpha: no quiet move gains that much.
constexpr int kFutilityMaxDepth = 3;
constexpr Score kFutilityBase = 100;
constexpr Score kFutilityPerPly = 100;

// Late move pruning: at depth d <= 3, after kLmpBase + kLmpPerPly2 * d * d quiet moves, the rest
// (ordered by history, so the least promising) are not searched unless they give check.
constexpr int kLmpMaxDepth = 3;
constexpr int kLmpBase = 4;
constexpr int kLmpPerPly2 = 2;

// Internal iterative reduction: a node this deep without a hash move is searched one ply shallower;
// ordering there is poor, and the next visit will have the move.
constexpr int kIirMinDepth = 4;

// Time and stop signals are polled once per this many nodes (about a millisecond).
constexpr uint64_t kPollInterval = 1024;

// Delta pruning in quiescence: a capture that cannot lift the score to alpha even with this much
// positional gain on top of the victim's value is not searched.
constexpr Score kDeltaMargin = 200;

}  // namespace

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

Searcher::Searcher(const Position& root, const Evaluator& eval, TranspositionTable& tt, const SearchLimits& limits,
                   SearchControl& control)
    : pos_(root), eval_(eval), tt_(tt), limits_(limits), control_(control),
      time_(limits, root.side_to_move()), start_ms_(now_ms()) {
  MoveList legal;
  generate_legal(pos_, legal);
  for (Move m : legal) {
    const bool banned = std::find(limits.banned.begin(), limits.banned.end(), m) != limits.banned.end();
    const bool excluded = !limits.only.empty() && std::find(limits.only.begin(), limits.only.end(), m) == limits.only.end();
    if (!banned && !excluded) root_moves_.push_back({m});
  }
}

bool Searcher::should_stop() {
  if (stopped_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) return stopped_ = true;
  if (nodes_ % kPollInterval != 0) return false;
  if (control_.stop.load(std::memory_order_relaxed)) return stopped_ = true;
  if (!control_.pondering.load(std::memory_order_relaxed) &&
      now_ms() - control_.clock_start_ms.load(std::memory_order_relaxed) >= time_.hard_ms())
    stopped_ = true;
  return stopped_;
}

void Searcher::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

// The game ends here by rule at the first recurrence of a position: searching on would only repeat.
std::optional<Score> Searcher::rule_score(int ply) const {
  switch (rule_outcome(pos_, 2)) {
    case GameEnd::Draw: return kDraw;
    case GameEnd::SideToMoveWins: return mate_in(ply);
    case GameEnd::SideToMoveLoses: return mated_in(ply);
    case GameEnd::None: break;
  }
  return std::nullopt;
}

bool Searcher::gives_check(Move m) {
  pos_.make_move(m);
  const bool check = pos_.in_check();
  pos_.unmake_move();
  return check;
}

bool Searcher::has_long_range_pieces(Color c) const {
  return pos_.count(make_piece(c, Rook)) + pos_.count(make_piece(c, Horse)) + pos_.count(make_piece(c, Cannon)) > 0;
}

// Null move needs material enough that passing is never the best move: a rook, or two other attackers.
bool Searcher::null_move_allowed() const {
  const Color us = pos_.side_to_move();
  const int minors = pos_.count(make_piece(us, Horse)) + pos_.count(make_piece(us, Cannon));
  return pos_.count(make_piece(us, Rook)) > 0 || minors >= 2;
}

Score Searcher::search_child(Move m, int depth, int ply, Score alpha, Score beta, bool first, int reduction) {
  pos_.make_move(m);
  tt_.prefetch(pos_.key());
  Score score;
  if (first) {
    score = -search(depth - 1, ply + 1, -beta, -alpha, true);
  } else {
    // A reduced null-window search first; a move that gives check is never reduced.
    const bool reduce = reduction > 0 && !pos_.in_check();
    score = reduce ? -search(depth - 1 - reduction, ply + 1, -alpha - 1, -alpha, true) : alpha + 1;
    // Principal variation search: prove the move is no better with a null window, re-search if it is.
    if (score > alpha) score = -search(depth - 1, ply + 1, -alpha - 1, -alpha, true);
    if (score > alpha && score < beta) score = -search(depth - 1, ply + 1, -beta, -alpha, true);
  }
  pos_.unmake_move();
  return score;
}

std::optional<Score> Searcher::table_cutoff(const TTEntry& entry, int ply, Score alpha, Score beta) {
  const Score s = from_tt(entry.score, ply);
  const Bound b = entry.bound();
  if (b == Bound::Exact || (b == Bound::Lower && s >= beta) || (b == Bound::Upper && s <= alpha)) return s;
  return std::nullopt;
}

std::optional<Score> Searcher::prune_node(int depth, int ply, Score beta, Score static_eval, bool null_allowed) {
  // Reverse futility: far enough above beta near the leaves, no reply will bring the score back.
  if (depth <= kReverseFutilityMaxDepth && !is_mate_score(beta) && static_eval - kReverseFutilityMargin * depth >= beta)
    return static_eval;
  // Null move: if passing still fails high, a real move will too.
  if (!null_allowed || depth < kNullMinDepth || static_eval < beta || !null_move_allowed()) return std::nullopt;
  const int reduction = kNullBaseReduction + depth / kNullDepthDivisor;
  pos_.make_null();
  Score score = -search(depth - 1 - reduction, ply + 1, -beta, -beta + 1, false);
  pos_.unmake_null();
  if (stopped_ || score < beta) return std::nullopt;
  if (score >= kMateBound) score = beta;  // a mate found after passing proves nothing
  if (depth < kNullVerifyDepth || search(depth - reduction, ply, beta - 1, beta, false) >= beta) return score;
  return std::nullopt;
}

Score Searcher::search(int depth, int ply, Score alpha, Score beta, bool null_allowed) {
  const bool pv_node = beta - alpha > 1;
  pv_length_[ply] = ply;
  if (depth <= 0) return qsearch(ply, alpha, beta);
  ++nodes_;
  if (should_stop()) return 0;
  if (ply >= kMaxPly - 1) return eval_.evaluate(pos_);
  if (const auto ruled = rule_score(ply)) return *ruled;

  // Mate distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  const bool in_check = pos_.in_check();
  if (in_check) ++depth;  // check extension: forced replies are cheap to search and often decisive

  const std::optional<TTEntry> entry = tt_.probe(pos_.key());
  const Move hash_move = entry ? entry->move : Move::none();
  if (entry && !pv_node && entry->depth >= depth) {
    if (const auto s = table_cutoff(*entry, ply, alpha, beta)) return *s;
  }
  const Score static_eval = in_check ? -kInfinite : entry ? Score(entry->eval) : eval_cache_.evaluate(eval_, pos_);
  if (!hash_move && depth >= kIirMinDepth) --depth;

  if (!pv_node && !in_check) {
    if (const auto s = prune_node(depth, ply, beta, static_eval, null_allowed)) return *s;
    if (stopped_) return 0;
  }

  MovePicker picker(pos_, eval_, history_, hash_move, ply, false);
  const LegalityFilter filter(pos_);
  std::array<Move, kMaxMoves> quiets_tried;
  int quiet_count = 0, legal = 0;
  Score best = -kInfinite;
  Move best_move = Move::none();
  const Score original_alpha = alpha;
  // Quiet moves near the leaves that neither the static score nor the move count justifies.
  // Never while a mate is in sight: the quiet move pruned could be the one that mates sooner.
  // Nor against a side with no rook, horse or cannon left: then quiet moves are how the game is won.
  const bool may_prune = !pv_node && !in_check && depth <= std::max(kFutilityMaxDepth, kLmpMaxDepth) &&
                         !is_mate_score(alpha) && !is_mate_score(beta) &&
                         has_long_range_pieces(~pos_.side_to_move());
  const bool futile = may_prune && depth <= kFutilityMaxDepth &&
                      static_eval + kFutilityBase + kFutilityPerPly * depth <= alpha;
  const int late_moves = kLmpBase + kLmpPerPly2 * depth * depth;
  while (const Move m = picker.next()) {
    if (!filter.legal(m)) continue;
    const bool capture = pos_.piece_on(m.to()) != NoPiece;
    if (may_prune && legal > 0 && !capture && best > -kMateBound && !history_.is_killer(ply, m) &&
        (futile || (depth <= kLmpMaxDepth && quiet_count >= late_moves)) && !gives_check(m)) {
      quiets_tried[quiet_count++] = m;
      continue;
    }
    int reduction = 0;
    if (depth >= kLmrMinDepth && legal >= kLmrMinMoves && !capture && !in_check && !history_.is_killer(ply, m))
      reduction = std::max(0, lmr_reduction(depth, legal) - (pv_node ? 1 : 0));
    const Score score = search_child(m, depth, ply, alpha, beta, legal++ == 0, reduction);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) {
          if (!capture) {
            history_.add_killer(ply, m);
            history_.update(pos_, m, quiets_tried.data(), quiet_count, depth);
          }
          break;
        }
      }
    }
    if (!capture) quiets_tried[quiet_count++] = m;
  }
  if (legal == 0) return mated_in(ply);  // no legal move loses, in check or not

  const Bound bound = best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
  tt_.store(pos_.key(), best_move, to_tt(best, ply), in_check ? 0 : static_eval, depth, bound);
  return best;
}

Score Searcher::qsearch(int ply, Score alpha, Score beta) {
  pv_length_[ply] = ply;
  ++nodes_;
  if (should_stop()) return 0;
  seldepth_ = std::max(seldepth_, ply);
  if (ply >= kMaxPly - 1) return eval_.evaluate(pos_);

  const bool in_check = pos_.in_check();
  const std::optional<TTEntry> entry = tt_.probe(pos_.key());
  if (entry && beta - alpha == 1) {
    if (const auto s = table_cutoff(*entry, ply, alpha, beta)) return *s;
  }
  Score best = -kInfinite;
  Score stand_pat = -kInfinite;
  if (!in_check) {
    // Standing pat: the side to move need not capture, so the static score is a lower bound.
    stand_pat = best = entry ? Score(entry->eval) : eval_cache_.evaluate(eval_, pos_);
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }
  const Score original_alpha = alpha;
  Move best_move = Move::none();
  // In check every evasion is searched, not just captures: a quiet position is not one with the general
  // attacked.
  MovePicker picker(pos_, eval_, history_, entry ? entry->move : Move::none(), ply, !in_check);
  const LegalityFilter filter(pos_);
  int legal = 0;
  while (const Move m = picker.next()) {
    if (!filter.legal(m)) continue;
    ++legal;
    const Piece victim = pos_.piece_on(m.to());
    if (!in_check && stand_pat + eval_.piece_value(type_of(victim)) + kDeltaMargin <= alpha) continue;
    const bool trades_down =
        !in_check && eval_.piece_value(type_of(pos_.piece_on(m.from()))) > eval_.piece_value(type_of(victim));
    pos_.make_move(m);
    // A capture by a piece worth more than its victim that can be taken back loses material: not searched.
    if (trades_down && pos_.attacked(m.to(), pos_.side_to_move())) {
      pos_.unmake_move();
      continue;
    }
    tt_.prefetch(pos_.key());
    const Score score = -qsearch(ply + 1, -beta, -alpha);
    pos_.unmake_move();
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        update_pv(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  if (in_check && legal == 0) return mated_in(ply);
  // Without a move the side to move has lost, in check or not. Only a side without rooks, horses and
  // cannons can plausibly be out of moves, so only its quiet moves are looked for.
  if (!in_check && legal == 0 && !has_long_range_pieces(pos_.side_to_move()) && !has_legal_move(pos_))
    return mated_in(ply);
  const Bound bound = best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
  tt_.store(pos_.key(), best_move, to_tt(best, ply), in_check ? 0 : stand_pat, 0, bound);
  return best;
}

Score Searcher::root_search(int depth, Score alpha, Score beta) {
  pv_length_[0] = 0;
  Score best = -kInfinite;
  for (size_t i = 0; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    const Score score = search_child(rm.move, depth, 0, alpha, beta, i == 0, 0);
    if (stopped_) return best;
    if (score > best) best = score;
    if (score > alpha) {
      alpha = score;
      rm.score = score;
      update_pv(0, rm.move);
      // The new best move goes first: it leads the next iteration and survives an interrupted one.
      std::rotate(root_moves_.begin(), root_moves_.begin() + long(i), root_moves_.begin() + long(i) + 1);
      if (alpha >= beta) break;
    } else {
      rm.score = -kInfinite;
    }
  }
  return best;
}

std::vector<Move> Searcher::quiescence_pv() {
  qsearch(0, -kInfinite, kInfinite);
  return {pv_[0].begin(), pv_[0].begin() + pv_length_[0]};
}

Position quiet_leaf(const Position& pos, const Evaluator& eval, TranspositionTable& scratch) {
  const SearchLimits no_limits;
  SearchControl control;
  Searcher searcher(pos, eval, scratch, no_limits, control);
  Position leaf = pos;
  for (Move m : searcher.quiescence_pv()) leaf.make_move(m);
  return leaf;
}

SearchInfo Searcher::info(int depth, Score score, Bound bound) const {
  SearchInfo i;
  i.depth = depth;
  i.seldepth = std::max(seldepth_, depth);
  i.score = score;
  i.bound = bound;
  i.nodes = nodes_;
  i.time_ms = now_ms() - start_ms_;
  i.hashfull = tt_.hashfull();
  i.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
  return i;
}

Move Searcher::ponder_move() {
  if (pv_length_[0] >= 2) return pv_[0][1];
  if (root_moves_.empty()) return Move::none();
  // No second move in the PV (a cut-short line): ask the table about the position after the best move.
  pos_.make_move(root_moves_[0].move);
  Move reply = Move::none();
  if (const auto e = tt_.probe(pos_.key()); e && is_legal(pos_, e->move)) reply = e->move;
  pos_.unmake_move();
  return reply;
}

SearchResult Searcher::run(const std::function<void(const SearchInfo&)>& on_info) {
  SearchResult result;
  if (root_moves_.empty()) {
    result.score = mated_in(0);  // no move is a loss, in check or not
    return result;
  }
  const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, kMaxPly - 1) : kMaxPly - 1;
  Score score = 0;
  int completed = 0;
  std::vector<Move> best_pv;
  for (int depth = 1; depth <= max_depth; ++depth) {
    Score alpha = -kInfinite, beta = kInfinite, delta = kAspirationWindow;
    if (depth >= kAspirationMinDepth && !is_mate_score(score)) {
      alpha = std::max<Score>(score - delta, -kInfinite);
      beta = std::min<Score>(score + delta, kInfinite);
    }
    Score iteration;
    while (true) {
      iteration = root_search(depth, alpha, beta);
      if (stopped_) break;
      if (iteration <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max<Score>(iteration - delta, -kInfinite);
        if (on_info) on_info(info(depth, iteration, Bound::Upper));
      } else if (iteration >= beta) {
        beta = std::min<Score>(iteration + delta, kInfinite);
        if (on_info) on_info(info(depth, iteration, Bound::Lower));
      } else {
        break;
      }
      delta *= 2;
    }
    if (stopped_) break;
    score = iteration;
    completed = depth;
    // The root is never stored by search(); storing it lets a GUI's probe and the next search see it.
    tt_.store(pos_.key(), root_moves_[0].move, to_tt(score, 0), pos_.in_check() ? 0 : eval_.evaluate(pos_), depth,
              Bound::Exact);
    best_pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    if (on_info) on_info(info(depth, score, Bound::Exact));
    if (root_moves_.size() == 1 && !control_.pondering && !limits_.depth && !limits_.nodes) break;  // forced
    // A new iteration costs about as much as all before it: do not start one that cannot finish.
    if (!control_.pondering && now_ms() - control_.clock_start_ms.load() >= time_.soft_ms()) break;
  }
  result.best = root_moves_[0].move;
  // Stopped before the first iteration ended (a tiny node limit): the static score is all there is.
  result.score = completed ? score : eval_.evaluate(pos_);
  result.ponder = !best_pv.empty() && best_pv[0] == result.best && best_pv.size() >= 2 ? best_pv[1] : ponder_move();
  result.depth = completed;
  result.nodes = nodes_;
  result.eval_probes = eval_cache_.probes();
  result.eval_cache_hits = eval_cache_.hits();
  result.time_ms = now_ms() - start_ms_;
  return result;
}

}  // namespace jiang
