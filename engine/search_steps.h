// The search's steps by name, so that each can be turned off to measure what it is worth (docs/search.md,
// the ablation table): `jiang bench --disable singular,lmp`, the same in `jiang selfplay`, and the
// protocols' `Disable Steps` / `disablesteps` option, which lets `jiang match` play a build against
// itself with a step off. A step turned off is skipped as if its condition never held; nothing else
// changes, so with no step off the search is the same node for node.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace jiang {

enum class SearchStep : uint8_t {
  Aspiration,           // aspiration windows at the root
  CheckExtension,       // a node in check is searched a ply deeper
  Correction,           // the correction history corrects the static evaluation
  ReverseFutility,
  NullMove,
  NullVerification,     // deep null-move cutoffs verified by a search without null moves
  Iir,                  // internal iterative reduction
  Singular,             // the singular extension search (with multi-cut and the negative extension)
  MultiCut,             // the singular search's fail high returns at once
  NegativeExtension,    // a hash move that is not singular but beats beta is reduced
  Lmp,                  // late move pruning
  Futility,             // futility pruning of quiet moves
  CaptureFutility,      // futility pruning of captures
  HistoryPruning,
  SeeQuiets,            // static exchange pruning of quiet moves
  Lmr,                  // late move reductions, all of them
  LmrCutNode,           // ... one ply more at a cut node
  LmrTtPv,              // ... one ply less on or near a principal variation
  LmrPvNode,            // ... one ply less at a PV node
  LmrImproving,         // ... one ply more when not improving
  LmrHistory,           // ... by the move's history
  LmrCheck,             // ... none for a move that gives check
  QsDelta,              // quiescence: delta pruning
  QsSee,                // quiescence: captures losing material skipped
  TimeStability,        // time: a settled best move stops early
  TimeBestMoveChanges,  // time: a changing best move thinks longer
  TimeScoreDrop,        // time: a falling score thinks longer
  DoubleExtension,      // a hash move singular by a distance is searched two plies deeper
  CorrectionPieces,     // the correction history also by each side's pieces other than pawns and generals
  CorrectionMove,       // the correction history also by the move that led to the node
  TimeNodeShare,        // time: a best move that took nearly all the root's nodes stops early
  Count
};

struct StepName {
  SearchStep step;
  std::string_view name;
};
inline constexpr std::array<StepName, size_t(SearchStep::Count)> kStepNames = {{
    {SearchStep::Aspiration, "aspiration"},
    {SearchStep::CheckExtension, "check_extension"},
    {SearchStep::Correction, "correction"},
    {SearchStep::ReverseFutility, "reverse_futility"},
    {SearchStep::NullMove, "null_move"},
    {SearchStep::NullVerification, "null_verification"},
    {SearchStep::Iir, "iir"},
    {SearchStep::Singular, "singular"},
    {SearchStep::MultiCut, "multicut"},
    {SearchStep::NegativeExtension, "negative_extension"},
    {SearchStep::Lmp, "lmp"},
    {SearchStep::Futility, "futility"},
    {SearchStep::CaptureFutility, "capture_futility"},
    {SearchStep::HistoryPruning, "history_pruning"},
    {SearchStep::SeeQuiets, "see_quiets"},
    {SearchStep::Lmr, "lmr"},
    {SearchStep::LmrCutNode, "lmr_cut_node"},
    {SearchStep::LmrTtPv, "lmr_tt_pv"},
    {SearchStep::LmrPvNode, "lmr_pv_node"},
    {SearchStep::LmrImproving, "lmr_improving"},
    {SearchStep::LmrHistory, "lmr_history"},
    {SearchStep::LmrCheck, "lmr_check"},
    {SearchStep::QsDelta, "qs_delta"},
    {SearchStep::QsSee, "qs_see"},
    {SearchStep::TimeStability, "time_stability"},
    {SearchStep::TimeBestMoveChanges, "time_best_move_changes"},
    {SearchStep::TimeScoreDrop, "time_score_drop"},
    {SearchStep::DoubleExtension, "double_extension"},
    {SearchStep::CorrectionPieces, "correction_pieces"},
    {SearchStep::CorrectionMove, "correction_move"},
    {SearchStep::TimeNodeShare, "time_node_share"},
}};

// A set of steps (the ones turned off).
class StepSet {
 public:
  bool has(SearchStep s) const { return (bits_ >> unsigned(s)) & 1; }
  void add(SearchStep s) { bits_ |= uint64_t(1) << unsigned(s); }
  bool empty() const { return bits_ == 0; }
  bool operator==(const StepSet&) const = default;

 private:
  static_assert(size_t(SearchStep::Count) <= 64, "one bit a step");
  uint64_t bits_ = 0;
};

// The steps named in `text`, separated by commas (any case, blanks around the names allowed); "", "none"
// and "<empty>" (a GUI's empty string) name none. An unknown name: nothing, and `error` says which and
// lists the valid ones.
std::optional<StepSet> parse_steps(std::string_view text, std::string& error);
// "singular,lmp" in the order of kStepNames, or "none".
std::string to_string(const StepSet& steps);
// Every name, "aspiration, check_extension, ...": for help texts and messages.
std::string step_names();

}  // namespace jiang
