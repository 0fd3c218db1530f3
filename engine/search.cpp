#include "engine/search.h"

#include <algorithm>
#include <cmath>

#include "engine/node_picker.h"
#include "engine/rule_score.h"
#include "engine/see.h"
#include "util/scratch_array.h"

namespace jiang {
namespace {

// The margins, depths and divisors of every step below are parameters (engine/search_params.h, each
// with its reason), read from the search's limits.

// Late move reductions from the table of the margins, by depth and moves searched.
int lmr_reduction(const SearchMargins& m, int depth, int moves_searched) {
  return m.lmr_table[std::min(depth, kLmrTableSize - 1)][std::min(moves_searched, kLmrTableSize - 1)];
}

// Late move pruning: the number of moves after which the remaining quiet moves are not searched.
int late_move_count(const SearchMargins& m, int depth, bool improving) {
  return (m.lmp_base + depth * depth) / (improving ? 1 : 2);
}

// History updates: the bonus for a cutoff, by depth.
int history_bonus(const SearchMargins& m, int depth) {
  return std::min(m.history_bonus_per_ply * depth - m.history_bonus_offset, m.history_bonus_max);
}

// The first iterations take no time worth saving, and their best moves and scores say little.
constexpr int kTimeMinDepth = 4;

// Time and stop signals are polled once per this many nodes (about a millisecond).
constexpr uint64_t kPollInterval = 1024;

// The pawns and generals: what the correction history learns by. Evaluation errors follow structure.
int structure_index(const Position& pos) { return int(pos.structure_key() % kCorrectionEntries); }
// Each side's other pieces: a second view of the same errors (Stockfish's non-pawn correction).
int pieces_index(const Position& pos, Color c) { return int(pos.pieces_key(c) % kCorrectionEntries); }

}  // namespace

Searcher::Searcher(const Position& root, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
                   const SearchLimits& limits, SearchControl& control, const EvalScheme& scheme)
    : pos_(root), eval_(eval), tt_(tt), scheme_(scheme), key_salt_(table_key_salt(scheme)),
      histories_(memory.histories), eval_cache_(memory.eval_cache),
      eval_probes_at_start_(memory.eval_cache.probes()), eval_hits_at_start_(memory.eval_cache.hits()),
      limits_(limits), margins_(limits.search_params.margins()), off_(limits.design.disabled), control_(control),
      time_(limits, root.side_to_move()), start_ms_(now_ms()) {
  MoveList legal;
  generate_legal(pos_, legal);
  for (Move m : legal) {
    const bool banned = std::find(limits.banned.begin(), limits.banned.end(), m) != limits.banned.end();
    const bool excluded = !limits.only.empty() && std::find(limits.only.begin(), limits.only.end(), m) == limits.only.end();
    if (!banned && !excluded) root_moves_.push_back({m});
  }
  // The frames before the root look back at no move: their continuation table is the null move's.
  for (Frame& f : frames_) {
    f.continuation = &histories_.continuation[NoPiece][0];
    f.move_correction = &histories_.move_correction[NoPiece][0];
  }
}

bool Searcher::should_stop() {
  if (stopped_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) return stopped_ = true;
  if (nodes_ % kPollInterval != 0) return false;
  control_.nodes.fetch_add(kPollInterval, std::memory_order_relaxed);
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

// The game ends here by rule at the first recurrence of a position (engine/rule_score.h). How far back
// the verdict looked is noted for the table (see verdict_reach_).
std::optional<Score> Searcher::rule_score(int ply) {
  const Ruling ruling = judge_in_search(pos_, ply, limits_.rules);
  if (ruling.reason == EndReason::QuietMoves)
    verdict_reach_.count = std::min(verdict_reach_.count, ply - pos_.quiet_plies());
  else if (ruling.cycle_plies > 0)
    verdict_reach_.repetition = std::min(verdict_reach_.repetition, ply - ruling.cycle_plies);
  return jiang::rule_score(ruling, ply);
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

ContinuationTables Searcher::continuation(int ply) const {
  const auto& f = [&](int back) { return frames_[ply - back + kFrameOffset].continuation; };
  return {f(1), f(2), f(4)};
}

void Searcher::make_move(int ply, Move m, int extension) {
  Frame& f = frame(ply);
  const Piece moved = pos_.piece_on(m.from());
  f.move = m;
  f.continuation = &histories_.continuation[moved][m.to()];
  f.move_correction = &histories_.move_correction[moved][m.to()];
  frame(ply + 1).double_extensions = f.double_extensions + (extension >= 2);
  pos_.make_move(m);
}

void Searcher::make_null(int ply) {
  Frame& f = frame(ply);
  f.move = Move::none();
  f.continuation = &histories_.continuation[NoPiece][0];
  f.move_correction = &histories_.move_correction[NoPiece][0];
  frame(ply + 1).double_extensions = f.double_extensions;
  pos_.make_null();
  tt_.prefetch(table_key());
}

void Searcher::update_continuation(int ply, Piece piece, Square to, int bonus) {
  for (int back : {1, 2, 4}) {
    const Frame& f = frames_[ply - back + kFrameOffset];
    if (back > 2 && frame(ply).in_check) break;  // an evasion answers the check, not older moves
    if (f.move) (*f.continuation)[piece][to].update(bonus);
  }
}

void Searcher::update_histories(int ply, Move best, int depth, const Move* quiets, int quiet_count,
                                const Move* captures, int capture_count) {
  const int bonus = history_bonus(margins_, depth);
  const Color us = pos_.side_to_move();
  const Piece mover = pos_.piece_on(best.from());
  const Piece victim = pos_.piece_on(best.to());
  if (victim == NoPiece) {
    histories_.main[us][from_to(best)].update(bonus);
    update_continuation(ply, mover, best.to(), bonus);
    Frame& f = frame(ply);
    if (f.killers[0] != best) f.killers = {best, f.killers[0]};
    const Frame& previous = frame(ply - 1);
    if (previous.move) histories_.counter[pos_.piece_on(previous.move.to())][previous.move.to()] = best;
    for (int i = 0; i < quiet_count; ++i) {
      histories_.main[us][from_to(quiets[i])].update(-bonus);
      update_continuation(ply, pos_.piece_on(quiets[i].from()), quiets[i].to(), -bonus);
    }
  } else {
    histories_.capture[mover][best.to()][type_of(victim)].update(bonus);
  }
  // Captures tried before the cutoff did not cut off, whatever the best move was.
  for (int i = 0; i < capture_count; ++i) {
    const Move m = captures[i];
    histories_.capture[pos_.piece_on(m.from())][m.to()][type_of(pos_.piece_on(m.to()))].update(-bonus);
  }
}

// Step 3, correction: Elo +8.3 +/- 17.5 (1000 games, 5000 nodes, b57cff8, 2026-12-03).
// Steps 31 and 32, correction_pieces and correction_move, together: Elo +27.5 +/- 15.9 (900 games,
// 20000 nodes, SPRT [0,10] H1, 92be011, 2026-12-05); alone +9.0 and +12.9 (1000 games each).
// The entries that learn this node's errors: the structure's, then (when on) each side's pieces' and the
// previous move's. Their values add up; each learns the error left after all of them.
Searcher::CorrectionEntries Searcher::corrections(int ply) const {
  const Color us = pos_.side_to_move();
  CorrectionEntries entries;
  entries.push(histories_.correction[us][structure_index(pos_)]);
  if (on(SearchStep::CorrectionPieces))
    for (Color owner : {Red, Black}) entries.push(histories_.pieces_correction[us][owner][pieces_index(pos_, owner)]);
  if (on(SearchStep::CorrectionMove)) entries.push(*frames_[ply - 1 + kFrameOffset].move_correction);
  return entries;
}

Score Searcher::corrected_eval(int ply, Score raw) const {
  // The correction learns the full evaluation's errors: it says nothing about material alone.
  if (scheme_.material_only || !on(SearchStep::Correction)) return raw;
  int correction = 0;
  for (const Correction* c : corrections(ply)) correction += c->value();
  return std::clamp(raw + correction, -kMateBound + 1, kMateBound - 1);
}

// The entries average the error of the corrected evaluation, which holds the entries themselves: under a
// steady error one entry settles at half of it, a shrinkage (k entries at k/(k+1) of it together).
// Averaging the raw error instead (the full correction) measured +5.9 +/- 12.4 (2000 games, 5000 nodes,
// 2026-12-04, docs/search.md): no gain shown.
void Searcher::update_correction(int ply, int depth, Score best, Score static_eval) {
  if (scheme_.material_only || !on(SearchStep::Correction)) return;
  for (Correction* c : corrections(ply)) c->update(best - static_eval, depth);
}

uint64_t Searcher::table_key_salt(const EvalScheme& scheme) {
  // Arbitrary odd constants: entries of one scheme are never read as another's.
  constexpr uint64_t kMaterialOnlySalt = 0x9e3779b97f4a7c15ull, kPositionalPlySalt = 0xc2b2ae3d27d4eb4full;
  if (scheme.material_only) return kMaterialOnlySalt;
  return scheme.positional_ply > 0 ? kPositionalPlySalt * uint64_t(scheme.positional_ply) : 0;
}

Score Searcher::static_score(int ply) {
  if (scheme_.material_only) return eval_.material(pos_);
  const int k = scheme_.positional_ply;
  if (k == 0 || ply <= k) return eval_cache_.evaluate(eval_, pos_);
  // Deeper than ply k: the ancestor's positional part, from the side to move's point of view here.
  const Score positional = frame(k).positional;
  return eval_.material(pos_) + ((ply - k) % 2 == 0 ? positional : -positional);
}

void Searcher::remember_positional(int ply) {
  frame(ply).positional = eval_cache_.evaluate(eval_, pos_) - eval_.material(pos_);
}

// --- Node pruning ----------------------------------------------------------------------------------

std::optional<Score> Searcher::prune_node(int depth, int ply, Score beta, Score eval, bool improving,
                                          bool cut_node) {
  // Step 5, reverse_futility: Elo +49.6 +/- 24.0 (600 games, 5000 nodes, b57cff8, 2026-12-04).
  // Reverse futility: far enough above beta near the leaves, no reply will bring the score back.
  if (on(SearchStep::ReverseFutility) && depth <= margins_.reverse_futility_max_depth && !is_mate_score(beta) &&
      eval - margins_.reverse_futility_margin * (depth - improving) >= beta)
    return eval;
  // Step 6, null_move: Elo +2.8 +/- 17.9 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  // Null move: if passing still fails high, a real move will too.
  const Frame& f = frame(ply);
  if (on(SearchStep::NullMove) && depth >= margins_.null_min_depth && frame(ply - 1).move && !f.excluded &&
      eval >= beta && f.static_eval >= beta &&
      ply >= null_min_ply_ && null_move_allowed() && !is_mate_score(beta)) {
    const int reduction = margins_.null_base_reduction + depth / margins_.null_depth_divisor +
                          std::min(int(eval - beta) / margins_.null_eval_divisor, margins_.null_max_eval_reduction);
    make_null(ply);
    Score score = -search(depth - 1 - reduction, ply + 1, -beta, -beta + 1, !cut_node);
    pos_.unmake_null();
    if (stopped_) return std::nullopt;
    if (score >= beta) {
      if (score >= kMateBound) score = beta;  // a mate found after passing proves nothing
      if (depth < margins_.null_verify_depth || !on(SearchStep::NullVerification)) return score;
      // Step 7, null_verification: Elo +3.5 +/- 11.6 (1000 games, 5 s + 0.05 s, 623d791, 2026-12-06). It
      // fires only at depth >= null_verify_depth (12), so fixed-node matches cannot see it; no loss shown.
      // Deep cutoffs are verified by a search that passes no more for a while, so that zugzwang cannot
      // prune a whole tree.
      null_min_ply_ = ply + 3 * (depth - reduction) / 4;
      const Score verified = search(depth - reduction, ply, beta - 1, beta, false);
      null_min_ply_ = 0;
      if (verified >= beta) return score;
    }
  }
  return std::nullopt;
}

int Searcher::singular_extension(int depth, int ply, Score beta, const TTEntry& entry, bool pv_node, bool cut_node,
                                 std::optional<Score>& cutoff) {
  const Score tt_score = from_tt(entry.score, ply);
  const Score singular_beta = tt_score - margins_.singular_margin_per_ply * depth;
  Frame& f = frame(ply);
  f.excluded = entry.move;
  const Score score = search((depth - 1) / 2, ply, singular_beta - 1, singular_beta, cut_node);
  f.excluded = Move::none();
  if (stopped_) return 0;
  if (score < singular_beta) {
    // Step 30, double_extension: Elo +9.0 +/- 8.4 (4000 games, 5000 nodes, cand5 off b41169b, 2026-12-04).
    // Far below its bound: the hash move has no rival at all, and gets two plies, a few times a line.
    if (on(SearchStep::DoubleExtension) && !pv_node && score < singular_beta - margins_.double_extension_margin &&
        f.double_extensions < margins_.double_extension_max)
      return 2;
    return 1;  // only the hash move holds: it deserves a deeper look
  }
  // Step 10, multicut: Elo +6.9 +/- 16.1 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  // Multi-cut: another move beats beta as well, so this node fails high whatever the hash move does.
  if (singular_beta >= beta && on(SearchStep::MultiCut)) {
    cutoff = singular_beta;
    return 0;
  }
  // Step 11, negative_extension: Elo +1.0 +/- 15.4 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  // The hash move is not alone in being good: it needs no more depth than the others.
  return tt_score >= beta && on(SearchStep::NegativeExtension) ? -1 : 0;
}

// --- Move pruning and reductions ------------------------------------------------------------------

// Futility, history and exchange pruning of one late move near the leaves. Checks are never pruned;
// captures only when even their victim cannot lift the score to alpha.
bool Searcher::futile(const MoveOutlook& o, bool skip_quiets) {
  if (o.victim != NoPiece) {
    // Step 14, capture_futility: Elo +23.7 +/- 16.9 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
    return on(SearchStep::CaptureFutility) && !o.in_check && o.lmr_depth < margins_.capture_futility_max_depth &&
           o.eval + margins_.capture_futility_base + margins_.capture_futility_per_ply * o.lmr_depth +
                   kSeeValue[type_of(o.victim)] <=
               o.alpha &&
           !gives_check(o.move);
  }
  // A quiet move is pruned when any test below gives up on it and it does not check. The check is asked
  // last: making the move to see costs more than the other tests, and most moves pass them.
  const bool given_up =
      skip_quiets ||
      // Step 15, history_pruning: Elo +6.3 +/- 12.8 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
      (on(SearchStep::HistoryPruning) && o.lmr_depth < margins_.history_prune_max_depth &&
       o.history < -margins_.history_prune_per_ply * o.depth) ||
      // Step 13, futility: Elo +16.3 +/- 17.8 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
      (on(SearchStep::Futility) && !o.in_check && o.lmr_depth < margins_.futility_max_depth &&
       o.eval + margins_.futility_base + margins_.futility_per_ply * o.lmr_depth <= o.alpha) ||
      // Step 16, see_quiets: Elo +11.5 +/- 17.6 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
      (on(SearchStep::SeeQuiets) && !see_ge(pos_, o.move, -margins_.see_quiet_per_ply2 * o.lmr_depth * o.lmr_depth));
  return given_up && !gives_check(o.move);
}

// How much more (or less) than the table's reduction the move just made at `ply` is reduced.
int Searcher::reduction_adjustment(int ply, bool pv_node, bool cut_node, bool improving, bool capture) const {
  const Frame& f = frames_[ply + kFrameOffset];
  int r = 0;
  // Step 19, lmr_cut_node: Elo +2.4 +/- 16.6 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  r += cut_node && on(SearchStep::LmrCutNode);  // expected to fail high anyway: a late move is unlikely to matter
  // Step 20, lmr_tt_pv: Elo +21.6 +/- 17.4 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  r -= f.tt_pv && on(SearchStep::LmrTtPv);      // on or near a principal variation: look closer
  // Step 21, lmr_pv_node: Elo +0.0 +/- 16.8 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  r -= pv_node && on(SearchStep::LmrPvNode);
  // Step 22, lmr_improving: Elo +4.9 +/- 10.9 (2000 games, 20000 nodes, 623d791, 2026-12-06); -4.2 on fcc08b1.
  r += !improving && on(SearchStep::LmrImproving);
  // Step 23, lmr_history: Elo +2.4 +/- 16.5 (1000 games, 5000 nodes, b57cff8, 2026-12-03).
  if (!capture && on(SearchStep::LmrHistory)) r -= f.stat_score / margins_.lmr_history_divisor;
  return r;
}

// --- The main search ------------------------------------------------------------------------------

Score Searcher::search(int depth, int ply, Score alpha, Score beta, bool cut_node) {
  const bool pv_node = beta - alpha > 1;
  pv_length_[ply] = ply;
  if (depth <= 0) return qsearch(ply, alpha, beta);
  const VerdictScope verdicts(verdict_reach_);
  ++nodes_;
  if (should_stop()) return 0;
  if (ply >= kMaxPly - 1) return static_score(ply);
  if (const auto ruled = rule_score(ply)) return *ruled;
  if (ply == scheme_.positional_ply && ply > 0) remember_positional(ply);

  // Mate distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  Frame& f = frame(ply);
  const Move excluded = f.excluded;
  const bool in_check = pos_.in_check();
  f.in_check = in_check;
  // The grandchildren's killers came from another part of the tree.
  frame(ply + 2).killers = {};
  // Step 2, check_extension: Elo +15.6 +/- 17.2 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
  // Check extension: forced replies are cheap to search and often decisive.
  if (in_check && on(SearchStep::CheckExtension)) ++depth;

  // --- Transposition table: a cutoff when the stored bound settles this window. A singular search
  // (with a move excluded) is a different question and neither reads nor writes the answer.
  const std::optional<TTEntry> entry = excluded ? std::nullopt : tt_.probe(table_key());
  const Move hash_move = entry ? entry->move : Move::none();
  const Score tt_score = entry ? from_tt(entry->score, ply) : 0;
  f.tt_pv = excluded ? f.tt_pv : pv_node || (entry && entry->pv);
  if (entry && !pv_node && entry->depth >= depth) {
    const Bound b = entry->bound();
    if (b == Bound::Exact || (b == Bound::Lower && tt_score >= beta) || (b == Bound::Upper && tt_score <= alpha)) {
      // A quiet hash move that cuts off again is worth remembering.
      if (tt_score >= beta && hash_move && pos_.piece_on(hash_move.to()) == NoPiece && is_pseudo_legal(pos_, hash_move))
        update_histories(ply, hash_move, depth, nullptr, 0, nullptr, 0);
      return tt_score;
    }
  }

  // --- Static evaluation, once per node: from the table if it has it, corrected by what the search
  // learnt of this structure.
  Score eval = 0;
  if (in_check) {
    f.static_eval = eval = -kInfinite;
    f.raw_eval = TranspositionTable::kNoEval;
  } else if (excluded) {
    eval = f.static_eval;  // the same node, searched again without one move
  } else {
    const Score raw = entry && entry->eval != TranspositionTable::kNoEval ? Score(entry->eval) : static_score(ply);
    // The table keeps the raw score: corrected here once, never again on a later visit. The table's
    // bound on the true score does not replace it (as Stockfish's does): measured, jiang played 79 Elo
    // stronger without that (docs/search.md).
    f.raw_eval = raw;
    f.static_eval = eval = corrected_eval(ply, raw);
  }
  // Improving: better than two plies ago, when the same side was to move. Margins are looser when not.
  const bool improving = !in_check && [&] {
    const Frame& two = frame(ply - 2);
    const Frame& four = frame(ply - 4);
    if (ply >= 2 && !two.in_check) return f.static_eval > two.static_eval;
    if (ply >= 4 && !four.in_check) return f.static_eval > four.static_eval;
    return true;
  }();

  // --- Node pruning: reverse futility, null move. Not for a side without rooks,
  // horses and cannons: it may have no move at all, and that loses (a static score cannot tell).
  if (!pv_node && !in_check && !excluded && has_long_range_pieces(pos_.side_to_move())) {
    if (const auto s = prune_node(depth, ply, beta, eval, improving, cut_node)) return *s;
    if (stopped_) return 0;
  }

  // Step 8, iir: Elo +1.7 +/- 15.6 (1000 games, 20000 nodes, fcc08b1, 2026-12-05); -1.0 at 5000 nodes.
  // --- Internal iterative reduction: without a hash move, ordering is poor; search shallower.
  if (on(SearchStep::Iir) && !hash_move && depth >= margins_.iir_min_depth && !excluded) --depth;

  // --- The moves.
  const Move counter = frame(ply - 1).move
                           ? histories_.counter[pos_.piece_on(frame(ply - 1).move.to())][frame(ply - 1).move.to()]
                           : Move::none();
  const ContinuationTables cont = continuation(ply);
  NodePicker picker(pos_, histories_, cont, hash_move, f.killers, counter, limits_.design.order);
  const LegalityFilter filter(pos_);
  const Color us = pos_.side_to_move();
  ScratchArray<Move, kMaxMoves> quiets_tried, captures_tried;
  int quiet_count = 0, capture_count = 0, move_count = 0;
  Score best = -kInfinite;
  Move best_move = Move::none();
  const Score original_alpha = alpha;
  // Never prune while a mate is in the window (the move pruned could be the one that mates sooner), nor
  // when either side lacks rooks, horses and cannons (then quiet moves are how the game is won or lost).
  const bool mate_in_window = is_mate_score(alpha) || is_mate_score(beta);
  const bool may_prune = !mate_in_window && has_long_range_pieces(us) && has_long_range_pieces(~us);
  bool skip_quiets = false;
  while (const Move m = picker.next(skip_quiets)) {
    if (m == excluded || !filter.legal(m)) continue;
    prefetch_child(m);
    ++move_count;
    const Piece mover = pos_.piece_on(m.from());
    const Piece victim = pos_.piece_on(m.to());
    const bool capture = victim != NoPiece;
    const int history = capture ? 0 : int((*cont[0])[mover][m.to()]) + (*cont[1])[mover][m.to()];
    const int base_reduction = lmr_reduction(margins_, depth, move_count);

    // --- Shallow pruning of moves that the static score, the move count or history give up on.
    if (may_prune && best > -kMateBound && move_count > 1) {
      // Step 12, lmp: Elo +26.8 +/- 17.9 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
      if (on(SearchStep::Lmp) && !skip_quiets && move_count >= late_move_count(margins_, depth, improving)) skip_quiets = true;
      const MoveOutlook outlook{m, victim, depth, std::max(depth - 1 - base_reduction, 0), history, eval, alpha, in_check};
      if (futile(outlook, skip_quiets)) continue;
    }

    // Step 9, singular: Elo +23.0 +/- 17.6 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
    // --- Extensions: the singular hash move.
    int extension = 0;
    if (on(SearchStep::Singular) && m == hash_move && ply > 0 && depth >= margins_.singular_min_depth && !excluded && entry &&
        entry->bound() != Bound::Upper && entry->depth + margins_.singular_table_depth_slack >= depth && !is_mate_score(tt_score)) {
      std::optional<Score> cutoff;
      extension = singular_extension(depth, ply, beta, *entry, pv_node, cut_node, cutoff);
      if (stopped_) return 0;
      if (cutoff) return *cutoff;
    }
    const int new_depth = depth - 1 + extension;

    make_move(ply, m, extension);
    f.stat_score = capture ? 0 : 2 * histories_.main[us][from_to(m)] + history - margins_.stat_score_offset;
    Score score;
    // Step 18, lmr: Elo +13.2 +/- 17.5 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
    // --- Late move reductions: a reduced null-window search first for late moves.
    if (on(SearchStep::Lmr) && depth >= margins_.lmr_min_depth && move_count > 1 + pv_node && (!capture || cut_node) &&
        !mate_in_window) {
      // Step 24, lmr_check: Elo +14.3 +/- 16.1 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
      // A checking move is searched at full depth.
      const int r = pos_.in_check() && on(SearchStep::LmrCheck) ? 0 : base_reduction + reduction_adjustment(ply, pv_node, cut_node, improving, capture);
      const int reduced = std::clamp(new_depth - r, 1, new_depth);
      score = -search(reduced, ply + 1, -alpha - 1, -alpha, true);
      if (score > alpha && reduced < new_depth) score = -search(new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
    } else if (!pv_node || move_count > 1) {
      score = -search(new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
    } else {
      score = alpha + 1;  // the first move of a PV node: straight to the full window
    }
    // Principal variation search: a move that beats alpha in a PV node gets the full window.
    if (pv_node && (move_count == 1 || (score > alpha && score < beta)))
      score = -search(new_depth, ply + 1, -beta, -alpha, false);
    unmake_move();
    if (stopped_) return 0;

    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        alpha = score;
        if (alpha >= beta) break;
      }
    }
    if (m != best_move) {
      if (capture) captures_tried[capture_count++] = m;
      else quiets_tried[quiet_count++] = m;
    }
  }
  if (move_count == 0) return excluded ? alpha : mated_in(ply);  // no legal move loses, in check or not

  if (best >= beta) update_histories(ply, best_move, depth, quiets_tried.data(), quiet_count, captures_tried.data(), capture_count);

  const Bound bound = best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
  // A score that rests on a verdict reaching back past this node is true of this path only.
  if (!excluded && path_free(ply)) {
    tt_.store(table_key(), best_move, to_tt(best, ply), f.raw_eval, depth, bound, f.tt_pv);
    // The static score was wrong by the search's verdict: learn it, unless a capture decided the node
    // (then the score says more about the capture than about the structure).
    if (!in_check && !(best_move && pos_.piece_on(best_move.to()) != NoPiece) &&
        !(bound == Bound::Lower && best <= f.static_eval) && !(bound == Bound::Upper && best >= f.static_eval))
      update_correction(ply, depth, best, f.static_eval);
  }
  return best;
}

// --- Quiescence ---------------------------------------------------------------------------------------

Score Searcher::qsearch(int ply, Score alpha, Score beta) {
  const bool pv_node = beta - alpha > 1;
  pv_length_[ply] = ply;
  ++nodes_;
  if (should_stop()) return 0;
  seldepth_ = std::max(seldepth_, ply);
  if (ply >= kMaxPly - 1) return static_score(ply);
  if (ply == scheme_.positional_ply && ply > 0) remember_positional(ply);

  const bool in_check = pos_.in_check();
  Frame& f = frame(ply);
  f.in_check = in_check;
  const std::optional<TTEntry> entry = tt_.probe(table_key());
  const Score tt_score = entry ? from_tt(entry->score, ply) : 0;
  if (entry && !pv_node) {
    const Bound b = entry->bound();
    if (b == Bound::Exact || (b == Bound::Lower && tt_score >= beta) || (b == Bound::Upper && tt_score <= alpha))
      return tt_score;
  }
  Score best = -kInfinite;
  Score raw_eval = TranspositionTable::kNoEval;
  if (!in_check) {
    // Standing pat: the side to move need not capture, so the static score is a lower bound.
    raw_eval = entry && entry->eval != TranspositionTable::kNoEval ? Score(entry->eval) : static_score(ply);
    best = corrected_eval(ply, raw_eval);
    if (best >= beta) {
      if (!entry) tt_.store(table_key(), Move::none(), to_tt(best, ply), raw_eval, 0, Bound::Lower, false);
      return best;
    }
    alpha = std::max(alpha, best);
  }
  const Score stand_pat = best;
  const Score original_alpha = alpha;
  Move best_move = Move::none();
  // In check every evasion is searched, not just captures: a quiet position is not one with the general
  // attacked.
  MovePicker picker(pos_, histories_, continuation(ply), entry ? entry->move : Move::none());
  const LegalityFilter filter(pos_);
  int legal = 0;
  while (const Move m = picker.next()) {
    if (!filter.legal(m)) continue;
    prefetch_child(m);
    ++legal;
    if (!in_check) {
      // Step 25, qs_delta: Elo -2.4 +/- 16.0 (1000 games, 20000 nodes, fcc08b1, 2026-12-05); -6.3 at 5000.
      // Delta pruning: even winning the victim outright leaves the score below alpha.
      if (on(SearchStep::QsDelta) && stand_pat + kSeeValue[type_of(pos_.piece_on(m.to()))] + margins_.delta_margin <= alpha)
        continue;
      // Step 26, qs_see: Elo +15.3 +/- 18.0 (1000 games, 5000 nodes, b57cff8, 2026-12-04).
      // A capture that loses material in the exchange is not what makes a position quiet.
      if (on(SearchStep::QsSee) && !see_ge(pos_, m, 0)) continue;
    }
    make_move(ply, m);
    const Score score = -qsearch(ply + 1, -beta, -alpha);
    unmake_move();
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
  tt_.store(table_key(), best_move, to_tt(best, ply), raw_eval, 0, bound, false);
  return best;
}

// --- The root ---------------------------------------------------------------------------------------

void Searcher::prepare_root_frame() {
  Frame& f = frame(0);
  f.in_check = pos_.in_check();
  f.static_eval = f.in_check ? -kInfinite : static_score(0);
  f.tt_pv = true;
}

std::vector<Move> Searcher::root_moves_reaching(Score threshold, int depth) {
  prepare_root_frame();
  root_depth_ = depth;
  std::vector<Move> kept;
  for (const RootMove& rm : root_moves_) {
    if (!stopped_) {
      make_move(0, rm.move);
      const Score score = -search(depth - 1, 1, -threshold, -threshold + 1, true);
      unmake_move();
      if (!stopped_ && score < threshold) continue;
    }
    kept.push_back(rm.move);  // reaches the threshold, or was not decided before a stop
  }
  return kept;
}

Score Searcher::root_search(int depth, Score alpha, Score beta) {
  // pv_[0] keeps the last line until a move beats alpha: a failed-low iteration still reports one.
  prepare_root_frame();
  Score best = -kInfinite;
  // Lines before pv_index_ are settled for this iteration: the moves from it on compete for the next.
  for (size_t i = pv_index_; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    const uint64_t nodes_before = nodes_;
    make_move(0, rm.move);
    Score score;
    if (i == pv_index_) {
      score = -search(depth - 1, 1, -beta, -alpha, false);
    } else {
      score = -search(depth - 1, 1, -alpha - 1, -alpha, true);
      if (score > alpha && score < beta) score = -search(depth - 1, 1, -beta, -alpha, false);
    }
    unmake_move();
    rm.nodes += nodes_ - nodes_before;
    if (stopped_) return best;
    if (score > best) best = score;
    if (score > alpha) {
      alpha = score;
      rm.score = score;
      update_pv(0, rm.move);
      rm.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
      if (i > pv_index_ && pv_index_ == 0) ++root_best_changes_;
      // The new best move leads its line: it goes first in the next iteration and survives an
      // interrupted one.
      std::rotate(root_moves_.begin() + long(pv_index_), root_moves_.begin() + long(i),
                  root_moves_.begin() + long(i) + 1);
      if (alpha >= beta) break;
    } else {
      rm.score = -kInfinite;
    }
  }
  return best;
}

Score Searcher::aspiration_search(int depth, Score previous, bool report_bounds,
                                  const std::function<void(const SearchInfo&)>& on_info) {
  Score alpha = -kInfinite, beta = kInfinite, delta = margins_.aspiration_window;
  // Step 1, aspiration: Elo +102.8 +/- 29.6 (400 games, 5000 nodes, b57cff8, 2026-12-04).
  if (on(SearchStep::Aspiration) && depth >= margins_.aspiration_min_depth && previous > -kInfinite && !is_mate_score(previous)) {
    alpha = std::max<Score>(previous - delta, -kInfinite);
    beta = std::min<Score>(previous + delta, kInfinite);
  }
  while (true) {
    const Score score = root_search(depth, alpha, beta);
    if (stopped_) return score;
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max<Score>(score - delta, -kInfinite);
      if (on_info && report_bounds) on_info(info(depth, score, Bound::Upper));
    } else if (score >= beta) {
      beta = std::min<Score>(score + delta, kInfinite);
      if (on_info && report_bounds) on_info(info(depth, score, Bound::Lower));
    } else {
      return score;
    }
    delta += delta / 2;
  }
}

void Searcher::report_lines(int depth, int lines, const std::function<void(const SearchInfo&)>& on_info) const {
  for (int k = 0; k < lines; ++k) {
    const RootMove& rm = root_moves_[size_t(k)];
    SearchInfo line = info(depth, rm.score, Bound::Exact);
    line.multipv = k + 1;
    line.pv = rm.pv.empty() ? std::vector<Move>{rm.move} : rm.pv;
    on_info(line);
  }
}

std::vector<Move> Searcher::quiescence_pv() {
  qsearch(0, -kInfinite, kInfinite);
  return {pv_[0].begin(), pv_[0].begin() + pv_length_[0]};
}

Position quiet_leaf(const Position& pos, const Evaluator& eval, SearchScratch& scratch) {
  const SearchLimits no_limits;
  SearchControl control;
  Searcher searcher(pos, eval, scratch.tt, *scratch.memory, no_limits, control);
  Position leaf = pos;
  for (Move m : searcher.quiescence_pv()) leaf.make_move(m);
  return leaf;
}

void Searcher::choose_weaker_move(const std::vector<ScoredMove>& lines, SearchResult& result) const {
  const Move chosen = choose_skill_move(limits_.skill, lines);
  if (chosen == result.best) return;
  const auto it = std::find_if(root_moves_.begin(), root_moves_.end(), [&](const RootMove& rm) { return rm.move == chosen; });
  const auto line = std::find_if(lines.begin(), lines.end(), [&](const ScoredMove& l) { return l.move == chosen; });
  result.best = chosen;
  result.score = line->score;
  result.ponder = it != root_moves_.end() && it->pv.size() >= 2 && it->pv[0] == chosen ? it->pv[1] : Move::none();
}

uint64_t Searcher::all_nodes() const {
  return nodes_ + (control_.helpers ? control_.helpers->nodes.load(std::memory_order_relaxed) : 0);
}

SearchInfo Searcher::info(int depth, Score score, Bound bound) const {
  SearchInfo i;
  i.depth = depth;
  i.seldepth = std::max(seldepth_, depth);
  i.score = score;
  i.bound = bound;
  i.nodes = all_nodes();
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
  if (const auto e = tt_.probe(table_key()); e && is_legal(pos_, e->move)) reply = e->move;
  pos_.unmake_move();
  return reply;
}

double Searcher::best_move_node_share() const {
  uint64_t all = 0;
  for (const RootMove& rm : root_moves_) all += rm.nodes;
  return all ? double(root_moves_[0].nodes) / double(all) : 0.0;
}

SearchResult Searcher::run(const std::function<void(const SearchInfo&)>& on_info) {
  SearchResult result;
  if (root_moves_.empty()) {
    result.score = mated_in(0);  // no move is a loss, in check or not
    return result;
  }
  const int lines = std::clamp(limits_.multipv, 1, int(root_moves_.size()));
  const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, kMaxPly - 1) : kMaxPly - 1;
  Score score = 0, previous_score = 0;
  int completed = 0, stable_iterations = 0;
  double best_move_changes = 0;
  Move last_best = Move::none();
  std::vector<Move> best_pv;
  std::vector<ScoredMove> completed_lines;  // the last completed iteration's lines, for a skill level
  for (int depth = 1; depth <= max_depth; ++depth) {
    root_depth_ = depth;
    root_best_changes_ = 0;
    verdict_reach_ = {};
    Score iteration = -kInfinite;
    for (pv_index_ = 0; pv_index_ < size_t(lines) && !stopped_; ++pv_index_) {
      const Score previous = pv_index_ == 0 ? score : root_moves_[pv_index_].previous_score;
      const Score line = aspiration_search(depth, previous, lines == 1, on_info);
      if (pv_index_ == 0) iteration = line;
      // Lines found so far in score order: a later line can come out better than an earlier one.
      if (!stopped_)
        std::stable_sort(root_moves_.begin(), root_moves_.begin() + long(pv_index_) + 1,
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }
    pv_index_ = 0;
    if (stopped_) break;
    score = lines == 1 ? iteration : root_moves_[0].score;
    completed = depth;
    completed_lines.clear();
    for (int k = 0; k < lines; ++k) {
      RootMove& rm = root_moves_[size_t(k)];
      rm.previous_score = rm.score;
      completed_lines.push_back({rm.move, rm.score});
    }
    // The root is never stored by search(); storing it lets a GUI's probe and the next search see it
    // (unless its score rests on the game's record before it).
    if (path_free(0))
      tt_.store(table_key(), root_moves_[0].move, to_tt(score, 0),
                pos_.in_check() ? TranspositionTable::kNoEval : static_score(0), depth, Bound::Exact, true);
    best_pv = lines == 1 ? std::vector<Move>(pv_[0].begin(), pv_[0].begin() + pv_length_[0]) : root_moves_[0].pv;
    if (on_info && lines == 1) on_info(info(depth, score, Bound::Exact));
    if (on_info && lines > 1) report_lines(depth, lines, on_info);
    if (root_moves_.size() == 1 && !control_.pondering && !limits_.depth && !limits_.nodes) break;  // forced
    if (limits_.mate && score >= kMateBound && mate_moves(score) <= limits_.mate) break;  // the mate asked for
    // Time: stop early on a settled best move and a steady score, think on when either wavers.
    best_move_changes = best_move_changes / 2 + root_best_changes_;
    stable_iterations = root_moves_[0].move == last_best ? stable_iterations + 1 : 0;
    last_best = root_moves_[0].move;
    const int score_drop = depth > 1 ? previous_score - score : 0;
    previous_score = score;
    if (!control_.pondering && depth >= kTimeMinDepth &&
        time_.should_stop(now_ms() - control_.clock_start_ms.load(), best_move_changes, stable_iterations,
                          score_drop, best_move_node_share()))
      break;
  }
  result.best = root_moves_[0].move;
  // Stopped before the first iteration ended (a tiny node limit): the static score is all there is.
  result.score = completed ? score : static_score(0);
  result.ponder = !best_pv.empty() && best_pv[0] == result.best && best_pv.size() >= 2 ? best_pv[1] : ponder_move();
  if (limits_.skill.enabled() && !completed_lines.empty()) choose_weaker_move(completed_lines, result);
  result.depth = completed;
  result.nodes = all_nodes();
  result.eval_probes = eval_cache_.probes() - eval_probes_at_start_;
  result.eval_cache_hits = eval_cache_.hits() - eval_hits_at_start_;
  result.time_ms = now_ms() - start_ms_;
  return result;
}

}  // namespace jiang
