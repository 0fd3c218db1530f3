// Every field of TuneConfig, listed once: the checkpoint's "config" object is written and read, a
// resumed run is compared with its checkpoint, and `jiang tune --resume` lays the options given over
// the checkpoint's, all by walking this list.
#pragma once

#include "tuning/tuner/tune_config.h"

namespace jiang::tuner {

enum FieldFlag : unsigned {
  // Where something came from rather than what it is: a resumed run may name the data file differently
  // (the data's fingerprint is checked instead) or change --strict.
  kInformative = 1u << 0,
  // An algorithm's end: a resumed run may move it (to go on after a finished run, or to stop sooner); it
  // decides when the run ends, never what an iteration does.
  kEndCondition = 1u << 1,
  // Newer than some checkpoints, which ran with the default.
  kLater = 1u << 2,
  kPositions = 1u << 3,  // matters to the positions objective alone
  kGames = 1u << 4,      // to the games objective alone
};

// A bool written as one of two words.
template <class Bool>
struct Choice {
  Bool& value;
  const char* yes;
  const char* no;
};
template <class Bool>
Choice<Bool> choice(Bool& value, const char* yes, const char* no) {
  return {value, yes, no};
}

// Calls v.field(key, option, flags, c.member...) for every field, walking any number of configs together
// (none: the keys alone), and v.group(key, flags, body) around each algorithm's options, in the order of
// the checkpoint. `option` is the `jiang tune` option that sets the field as it stands (null: none, or
// one that needs reading first).
template <class Visitor, class... Config>
void visit_config(Visitor& v, Config&... c) {
  v.field("algorithm", "--algo", 0, c.algorithm...);
  v.field("objective", "--objective", 0, c.objective...);
  v.field("params", nullptr, 0, c.params...);
  v.field("seed", "--seed", 0, c.seed...);
  v.field("start", nullptr, 0, c.start...);
  v.field("weights_file", nullptr, kInformative, c.weights_file...);
  v.field("search_start", nullptr, kLater, c.search_start...);
  v.field("search_file", nullptr, kInformative | kLater, c.search_file...);
  v.field("data", "--data", kInformative, c.data...);
  v.field("strict", "--strict", kInformative, c.strict...);
  v.field("validation", nullptr, kPositions, c.validation...);
  v.field("k", nullptr, kPositions, c.k...);
  v.field("lambda", "--lambda", kPositions | kLater, c.lambda...);
  v.field("games", "--games", kGames, c.games...);
  v.field("depth", nullptr, kGames, c.depth...);
  v.field("nodes", nullptr, kGames, c.nodes...);
  v.field("openings", nullptr, kGames, c.openings...);
  v.field("openings_file", nullptr, kInformative, c.openings_file...);
  v.field("baseline", nullptr, kGames, c.baseline...);
  v.field("baseline_file", nullptr, kInformative, c.baseline_file...);
  v.field("search_baseline", nullptr, kGames | kLater, c.search_baseline...);
  v.field("search_baseline_file", nullptr, kInformative | kLater, c.search_baseline_file...);
  v.group("hc", 0, [&] {
    v.field("step", "--hc-step", 0, c.hc.step...);
    v.field("min_step", "--hc-min-step", kEndCondition, c.hc.min_step...);
  });
  v.group("sa", 0, [&] {
    v.field("t_start", "--sa-t-start", 0, c.sa.t_start...);
    v.field("t_end", "--sa-t-end", kEndCondition, c.sa.t_end...);
    v.field("rate", "--sa-rate", 0, c.sa.rate...);
    v.field("step", "--sa-step", 0, c.sa.step...);
    v.field("moves", "--sa-moves", 0, c.sa.moves...);
  });
  v.group("ga", 0, [&] {
    v.field("population", "--ga-population", 0, c.ga.population...);
    v.field("generations", "--ga-generations", kEndCondition, c.ga.generations...);
    v.field("tournament", "--ga-tournament", 0, c.ga.tournament...);
    v.field("crossover_rate", "--ga-crossover-rate", 0, c.ga.crossover_rate...);
    v.field("crossover", "--ga-crossover", 0, choice(c.ga.one_point, "one-point", "uniform")...);
    v.field("mutation_rate", "--ga-mutation-rate", 0, c.ga.mutation_rate...);
    v.field("mutation_step", "--ga-mutation-step", 0, c.ga.mutation_step...);
    v.field("mutation", "--ga-mutation", 0, choice(c.ga.gaussian, "gaussian", "uniform")...);
    v.field("elitism", "--ga-elitism", 0, c.ga.elitism...);
  });
  v.group("adam", kLater, [&] {
    v.field("rate", "--adam-rate", 0, c.adam.rate...);
    v.field("epochs", "--adam-epochs", kEndCondition, c.adam.epochs...);
  });
  v.group("spsa", kLater, [&] {
    // The schedules' horizon as well as the end: a resumed run keeps it.
    v.field("pairs", "--spsa-pairs", 0, c.spsa.pairs...);
    v.field("a_ratio", "--spsa-a-ratio", 0, c.spsa.a_ratio...);
    v.field("alpha", "--spsa-alpha", 0, c.spsa.alpha...);
    v.field("gamma", "--spsa-gamma", 0, c.spsa.gamma...);
    v.field("r_end", "--spsa-r-end", 0, c.spsa.r_end...);
  });
  v.field("l2", "--l2", kLater, c.l2...);
  v.field("patience", "--patience", kLater, c.patience...);
}

}  // namespace jiang::tuner
