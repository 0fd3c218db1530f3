#include "engine/cli/eval_command.h"

#include <cstdio>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "engine/search_params.h"
#include "eval/evaluate.h"

namespace jiang {
namespace {

struct EvalOptions {
  std::string fen{kStartFen};
  std::string weights;
};

struct WeightsOptions {
  std::string weights;
  std::string out;
  bool list = false;
  bool search = false;  // the search's parameters instead of the evaluation's weights
};

// Loads the file if one was named; reports the error and returns false if it cannot be used.
template <class Values>
bool load_params(const std::string& path, Values& params) {
  if (path.empty()) return true;
  try {
    params = Values::load(path);
    return true;
  } catch (const ParamError& e) {
    std::cerr << "jiang: " << e.what() << "\n";
    return false;
  }
}

int run_eval(const EvalOptions& o) {
  Params params;
  if (!load_params(o.weights, params)) return 2;
  Position pos;
  try {
    pos = Position::from_fen(o.fen);
  } catch (const FenError& e) {
    std::cerr << "jiang eval: " << e.what() << "\n";
    return 2;
  }
  const Evaluator evaluator(params);
  const Breakdown b = evaluator.breakdown(pos);
  std::printf("%s\n\n", pos.fen().c_str());
  std::printf("%-10s %13s %13s %13s\n", "term", "Red mg/eg", "Black mg/eg", "Red-Black");
  for (int t = 0; t < kEvalTerms; ++t) {
    const PhaseValue red = b.terms[t][Red], black = b.terms[t][Black], diff = red - black;
    std::printf("%-10s %6d/%-6d %6d/%-6d %6d/%-6d\n", term_name(EvalTerm(t)), red.mg, red.eg, black.mg,
                black.eg, diff.mg, diff.eg);
  }
  std::printf("\nphase %d of %d (middlegame weight), draw scale %d of %d\n", b.phase, Evaluator::kMaxPhase,
              b.scale, Evaluator::kScaleNormal);
  std::printf("total %d cp for Red, %d cp for the side to move (%s)\n", b.red_total, b.side_to_move_total,
              pos.side_to_move() == Red ? "Red" : "Black");
  return 0;
}

template <class Values>
int run_weights(const WeightsOptions& o) {
  Values params;
  if (!load_params(o.weights, params)) return 2;
  if (o.list) {
    for (int i = 0; i < Values::size(); ++i) {
      const ParamInfo& info = Values::registry()[i];
      std::printf("%-36s %6d  [%d, %d]  default %d", info.name.c_str(), params.get(i), info.min, info.max,
                  info.default_value);
      if (info.step > 0) std::printf("  step %d", info.step);
      std::printf("\n");
    }
    return 0;
  }
  if (o.out.empty()) {
    std::cout << params.to_json().dump(2) << '\n';
    return 0;
  }
  try {
    params.save(o.out);
  } catch (const ParamError& e) {
    std::cerr << "jiang weights: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

void add_eval_commands(CLI::App& app, int& exit_code) {
  auto eval = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "Print the static evaluation of a position, term by term, in centipawns");
  cmd->add_option("-f,--fen", eval->fen, "position (default: the start position)");
  cmd->add_option("-w,--weights", eval->weights, "weights file (JSON, as written by `jiang weights`)");
  cmd->callback([eval, &exit_code] { exit_code = run_eval(*eval); });

  auto weights = std::make_shared<WeightsOptions>();
  CLI::App* wcmd = app.add_subcommand("weights", "Write the evaluation weights (or the search's parameters) as JSON, or "
                                                "list the parameters");
  wcmd->add_option("-w,--weights", weights->weights, "start from this weights file instead of the defaults");
  wcmd->add_option("-o,--out", weights->out, "write to this file (default: standard output)");
  wcmd->add_flag("-l,--list", weights->list, "list every parameter with its value, bounds and default (and step)");
  wcmd->add_flag("-s,--search", weights->search,
                 "the search's margins, depths and divisors (search.*) instead of the evaluation's weights");
  wcmd->callback([weights, &exit_code] {
    exit_code = weights->search ? run_weights<SearchParams>(*weights) : run_weights<Params>(*weights);
  });
}

}  // namespace jiang
