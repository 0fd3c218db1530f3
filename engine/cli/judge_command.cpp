#include "engine/cli/judge_command.h"

#include "engine/cli/game_record.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "engine/engine.h"
#include "rules/referee.h"
#include "movegen/notation.h"

namespace jiang {
namespace {

struct JudgeOptions {
  RecordOptions record;
  int occurrences = 3;  // a referee's count: the third occurrence ends the game
  std::string rules{rule_set_name(kDefaultRuleSet)};
  bool json = false;
};

std::string piece_name(Piece p) {
  static constexpr const char* kTypes[kPieceTypes] = {"",      "general", "advisor", "elephant",
                                                      "horse", "rook",    "cannon",  "pawn"};
  return std::string(color_of(p) == Red ? "red " : "black ") + kTypes[type_of(p)];
}

std::string reason_words(const Position& pos, const Ruling& ruling) {
  return ruling.end == GameEnd::None ? "the game goes on" : ruling_words(pos, ruling);
}

void print(const Position& pos, const Ruling& ruling, bool json) {
  const std::string reason = reason_words(pos, ruling);
  const std::string chased = chased_words(pos, ruling);
  if (json) {
    std::cout << "{\"result\": \"" << result_name(ruling.end) << "\", \"reason\": \"" << reason << "\"";
    if (!chased.empty()) std::cout << ", \"chased\": \"" << chased << "\"";
    std::cout << "}" << std::endl;
    return;
  }
  const char* mover = pos.side_to_move() == Red ? "Red" : "Black";
  std::cout << result_name(ruling.end) << " (" << mover << " to move): " << reason;
  if (!chased.empty()) std::cout << ", the " << chased << " chased with every move";
  std::cout << std::endl;
}

int run_judge(const JudgeOptions& o) {
  const std::optional<RuleSet> rules = parse_rule_set(o.rules);
  if (!rules) {
    std::cerr << "jiang judge: unknown rule set '" << o.rules << "' (expected " << kRuleSetNames << ")\n";
    return 2;
  }
  const std::optional<Position> pos = position_from_options("judge", o.record);
  if (!pos) return 2;
  print(*pos, referee_ruling(*pos, o.occurrences, *rules), o.json);
  return 0;
}

}  // namespace

std::string chased_words(const Position& pos, const Ruling& ruling) {
  if (ruling.chased == NoSquare) return "";
  return piece_name(pos.piece_on(ruling.chased)) + " on " + to_string(ruling.chased);
}

void add_judge_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<JudgeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "judge", "The rules' verdict for the side to move after a game record: mate, perpetual check or chase, "
               "repetition, the 60-move rule, insufficient material");
  CLI::Option* fen =
      cmd->add_option("-f,--fen", options->record.fen, "the start position (default: the standard one)");
  CLI::Option* moves =
      cmd->add_option("-m,--moves", options->record.moves, "the moves played from it, ICCS, separated by spaces");
  add_game_file_options(*cmd, options->record, fen, moves);
  cmd->add_option("--occurrences", options->occurrences,
                  "how many times a position must have occurred for a repetition to end the game")
      ->check(CLI::IsMember({2, 3}));
  cmd->add_option("--rules", options->rules, "which repetitions lose: axf (default), chinese or draw");
  cmd->add_flag("--json", options->json, "one line: {\"result\": none|draw|stm_wins|stm_loses, \"reason\": ...}");
  cmd->callback([options, &exit_code] { exit_code = run_judge(*options); });
}

}  // namespace jiang
