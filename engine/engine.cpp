#include "engine/engine.h"

#include <chrono>
#include <stdexcept>

#include "engine/modes/best_first/best_first.h"
#include "engine/search.h"
#include "engine/modes/two_stage.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang {

struct Engine::SharedControl : SearchControl {};

namespace {

// The one place a search design is chosen: go() and search() both search a position through here.
SearchResult search_by_design(const Position& pos, const Evaluator& eval, TranspositionTable& tt,
                              ThreadMemory& memory, const SearchLimits& limits, SearchControl& control,
                              const std::function<void(const SearchInfo&)>& on_info) {
  switch (limits.design.mode) {
    case SearchMode::AlphaBeta:
      return Searcher(pos, eval, tt, memory, limits, control).run(on_info);
    case SearchMode::TwoStage:
      return two_stage_search(pos, eval, tt, memory, limits, control, on_info);
    case SearchMode::BestFirst:
      return best_first_search(pos, eval, tt, memory, limits, control, on_info);
  }
  throw std::logic_error("search_by_design: a search mode without a search");
}

}  // namespace

Engine::Engine(int hash_mb)
    : evaluator_(std::make_shared<const Evaluator>()), tt_(size_t(std::clamp(hash_mb, 1, kMaxHashMb))) {
  position_ = Position::startpos();
  memory_.push_back(std::make_unique<ThreadMemory>());
}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::set_hash_mb(int mb) {
  wait();
  tt_.resize(size_t(std::clamp(mb, 1, kMaxHashMb)));
}

int Engine::hash_mb() const { return int(tt_.megabytes()); }

void Engine::set_params(const Params& params) {
  wait();
  evaluator_ = std::make_shared<const Evaluator>(params);
  tt_.clear();  // stored scores came from the old weights
  for (auto& m : memory_) m->forget_evaluations();
}

void Engine::new_game() {
  wait();
  tt_.clear();
  for (auto& m : memory_) m->clear();
}

void Engine::set_position(std::string_view fen, const std::vector<std::string>& moves) {
  position_ = play_moves(fen, moves);
}

void Engine::set_threads(int threads) {
  wait();
  threads_ = std::clamp(threads, 1, kMaxThreads);
  while (int(memory_.size()) < threads_) memory_.push_back(std::make_unique<ThreadMemory>());
}

SearchLimits Engine::effective_limits(const SearchLimits& limits) {
  SearchLimits effective = with_skill_limits(limits);
  if (effective.skill.enabled() && effective.skill.seed == 0) effective.skill.seed = skill_seeds_() | 1;
  return effective;
}

void Engine::go(const SearchLimits& requested, SearchCallbacks callbacks) {
  stop();
  wait();
  const SearchLimits limits = effective_limits(requested);
  auto control = std::make_shared<SharedControl>();
  control->pondering = limits.ponder || limits.infinite;
  control->clock_start_ms = now_ms();
  control_ = control;
  finished_ = false;
  tt_.new_search();
  worker_ = std::thread([this, limits, callbacks = std::move(callbacks), control, pos = position_,
                         eval = evaluator_,
                         // A node cap is one thread's: helpers would make a weakened search stronger.
                         // The classic designs search on one thread: helpers are alpha-beta searches.
                         threads = limits.skill.enabled() || limits.design.mode != SearchMode::AlphaBeta
                                       ? 1 : threads_] {
    // Lazy SMP: helper threads search the same position into the same table. What they store makes the
    // main search faster and wiser; only the main search's result is reported. Helpers never stop on
    // their own clock: the main search stops them when it ends.
    SearchControl helper_control;
    helper_control.pondering = true;
    SearchLimits helper_limits = limits;
    helper_limits.nodes = 0;
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i)
      helpers.emplace_back([&, i] { Searcher(pos, *eval, tt_, *memory_[i], helper_limits, helper_control).run({}); });
    control->helpers = &helper_control;  // the reported nodes are every thread's
    const SearchResult result = search_by_design(pos, *eval, tt_, *memory_[0], limits, *control, callbacks.on_info);
    helper_control.stop = true;
    for (std::thread& helper : helpers) helper.join();
    control->helpers = nullptr;
    // A ponder or infinite search that ends on its own (a mate, the depth limit) still waits for the
    // GUI's ponderhit or stop before answering, as both protocols require.
    while (control->pondering && !control->stop) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    finished_ = true;
    if (callbacks.on_done) callbacks.on_done(result);
  });
}

void Engine::stop() {
  if (control_) control_->stop = true;
}

void Engine::ponderhit() {
  if (!control_) return;
  control_->clock_start_ms = now_ms();
  control_->pondering = false;
}

void Engine::wait() {
  if (worker_.joinable() && worker_.get_id() != std::this_thread::get_id()) worker_.join();
}

SearchResult Engine::search(const SearchLimits& requested, const SearchCallbacks& callbacks) {
  wait();
  const SearchLimits limits = effective_limits(requested);
  SearchControl control;
  control.clock_start_ms = now_ms();
  tt_.new_search();
  const SearchResult result = search_by_design(position_, *evaluator_, tt_, *memory_[0], limits, control, callbacks.on_info);
  if (callbacks.on_done) callbacks.on_done(result);
  return result;
}

std::optional<TTEntry> Engine::probe() const { return tt_.probe(table_key(position_)); }

}  // namespace jiang
