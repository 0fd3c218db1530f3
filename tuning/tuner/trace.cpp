#include "tuning/tuner/trace.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace jiang::tuner {
namespace {

constexpr const char* kTypeNames[kPieceTypes] = {"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};
constexpr const char* kPhaseNames[2] = {"mg", "eg"};

int param_or_none(const std::string& name) { return Params::find(name).value_or(-1); }

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

std::vector<bool> nonlinear_params() {
  std::vector<bool> result;
  for (const ParamInfo& info : Params::registry())
    result.push_back(info.group == "danger" || starts_with(info.name, "relations.threat_") ||
                     (info.group == "material" && info.name.ends_with(".mg")));
  return result;
}

// The term a registry group adds to: the group is the term's name.
int term_of_group(const std::string& group) {
  for (int t = 0; t < kEvalTerms; ++t)
    if (group == term_name(EvalTerm(t))) return t;
  throw std::logic_error("parameter group '" + group + "' names no evaluation term: the tracer cannot place it");
}

int largest_loss(std::span<const Threat> threats, const std::array<int, kPieceTypes>& exchange_value) {
  int largest = 0;
  for (const Threat& t : threats) largest = std::max(largest, threat_loss(t, exchange_value));
  return largest;
}

}  // namespace

TraceWeights::TraceWeights(const std::vector<int>& v) : values(v), params([&] {
  Params p;
  p.set_values(v);
  return p;
}()), tables(params.weights()) {}

PhaseValue nonlinear_red(const TraceShape& shape, std::span<const Threat> red_threats,
                         std::span<const Threat> black_threats, const Weights& w,
                         const std::array<int, kPieceTypes>& exchange_value) {
  // Each side's danger is its own penalty: Red's credit falls by Red's, rises by Black's.
  PhaseValue total = danger_penalty(danger_units(shape.danger[Black], w), w) -
                     danger_penalty(danger_units(shape.danger[Red], w), w);
  // Relations: the mover gains a share of the largest loss it can inflict, the other side less.
  const Color stm = Color(shape.stm);
  const std::array<int, kColors> largest = {largest_loss(red_threats, exchange_value),
                                            largest_loss(black_threats, exchange_value)};
  const int to_move_gain = w.threat_to_move_pct * largest[~stm] / 100;
  const int waiting_gain = w.threat_waiting_pct * largest[stm] / 100;
  const int red_gain = stm == Red ? to_move_gain - waiting_gain : waiting_gain - to_move_gain;
  return total + PhaseValue{red_gain, red_gain};
}

int blend_red(PhaseValue red_total, const TraceShape& shape) {
  constexpr int kMaxPhase = Evaluator::kMaxPhase;
  const int blended = (red_total.mg * shape.phase + red_total.eg * (kMaxPhase - shape.phase)) / kMaxPhase;
  return blended * shape.scale[blended > 0 ? Red : Black] / Evaluator::kScaleNormal;
}

bool same_exchange_order(const ExchangeOrder& a, const ExchangeOrder& b) {
  return a.groups == b.groups && a.group_of == b.group_of;
}

int traced_red_eval(const PositionTrace& trace, const TraceWeights& w) {
  PhaseValue total{};
  for (const LinearTerm& t : trace.linear) total += PhaseValue{t.mg, t.eg} * w.values[t.param];
  total += nonlinear_red(trace.shape, trace.threats[Red], trace.threats[Black], w.params.weights(),
                         w.tables.exchange_value);
  return blend_red(total, trace.shape);
}

bool Tracer::nonlinear(int param) {
  static const std::vector<bool> flags = nonlinear_params();
  return flags[param];
}

Tracer::Tracer(const Params& base)
    : base_(base), eval_(base), tables_(base.weights()), base_weights_(base.values()) {
  for (int t = King; t <= Pawn; ++t)
    for (int phase = 0; phase < 2; ++phase) {
      material_[t][phase] = param_or_none("material." + std::string(kTypeNames[t]) + "." + kPhaseNames[phase]);
      for (int sq = 0; sq < kHalfBoard; ++sq)
        position_[t][sq][phase] = param_or_none("position." + std::string(kTypeNames[t]) + "." + kPhaseNames[phase] +
                                                "." + char('a' + sq % kHalfFiles) + char('0' + sq / kHalfFiles));
    }
  // The rest, by finite differences: the parameters of each group in order, one group's r-th in round r.
  std::map<std::string, std::vector<int>> groups;
  for (int i = 0; i < Params::size(); ++i) {
    const ParamInfo& info = Params::registry()[i];
    if (info.group == "material" || info.group == "position" || nonlinear(i)) continue;
    groups[info.group].push_back(i);
  }
  for (size_t r = 0;; ++r) {
    Params moved = base;
    std::vector<std::array<int, 3>> params;
    for (const auto& [group, members] : groups) {
      if (r >= members.size()) continue;
      const int p = members[r];
      const int delta = base.get(p) < Params::registry()[p].max ? 1 : -1;
      moved.set(p, base.get(p) + delta);
      params.push_back({p, term_of_group(group), delta});
    }
    if (params.empty()) break;
    rounds_.push_back({Evaluator(moved), std::move(params)});
  }
}

// Material: the piece counts. Position: each piece's square seen from its own side, mirrored onto
// files a..e (as EvalTables lays the tables out).
void Tracer::add_pieces(const Position& pos, std::vector<LinearTerm>& terms) const {
  for (Color c : {Red, Black}) {
    const int sign = c == Red ? 1 : -1;
    for (int t = King; t <= Pawn; ++t) {
      const Piece p = make_piece(c, PieceType(t));
      if (material_[t][0] >= 0) terms[material_[t][0]].mg += sign * pos.count(p);
      if (material_[t][1] >= 0) terms[material_[t][1]].eg += sign * pos.count(p);
      for (int i = 0; i < pos.count(p); ++i) {
        const Square s = pos.squares(p)[i];
        const int own_rank = c == Red ? rank_of(s) : kRanks - 1 - rank_of(s);
        const int half_file = std::min(file_of(s), kFiles - 1 - file_of(s));
        const std::array<int, 2>& params = position_[t][own_rank * kHalfFiles + half_file];
        if (params[0] >= 0) terms[params[0]].mg += sign;
        if (params[1] >= 0) terms[params[1]].eg += sign;
      }
    }
  }
}

void Tracer::add_differences(const Position& pos, const Breakdown& base, std::vector<LinearTerm>& terms) const {
  auto red_term = [](const Breakdown& b, int term) { return b.terms[term][Red] - b.terms[term][Black]; };
  for (const Round& round : rounds_) {
    const Breakdown moved = round.eval.breakdown(pos);
    for (const auto& [param, term, delta] : round.moved) {
      const PhaseValue change = red_term(moved, term) - red_term(base, term);
      terms[param].mg += change.mg * delta;  // delta is +1 or -1
      terms[param].eg += change.eg * delta;
    }
  }
}

PositionTrace Tracer::trace(const Position& pos) const {
  std::vector<LinearTerm> dense(Params::size());
  const Breakdown base = eval_.breakdown(pos);
  add_pieces(pos, dense);
  add_differences(pos, base, dense);
  PositionTrace trace;
  for (int i = 0; i < Params::size(); ++i)
    if (dense[i].mg || dense[i].eg) trace.linear.push_back({i, dense[i].mg, dense[i].eg});

  trace.shape.phase = uint8_t(game_phase(pos));
  trace.shape.stm = pos.side_to_move();
  const EvalState state(pos, base_.weights(), tables_);
  std::array<Threat, kMaxThreats> threats;
  for (Color c : {Red, Black}) {
    trace.shape.scale[c] = uint8_t(draw_scale(pos, c));
    trace.shape.danger[c] = danger_counts(state, c);
    trace.threats[c].assign(threats.begin(), threats.begin() + list_threats(state, c, threats));
  }
  if (traced_red_eval(trace, base_weights_) != base.red_total)
    throw std::logic_error("the trace of " + pos.fen() + " does not give its evaluation");
  return trace;
}

}  // namespace jiang::tuner
