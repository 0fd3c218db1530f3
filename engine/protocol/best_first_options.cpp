// The best-first search's own options (engine/modes/best_first/settings.h): `Best-First Voting` /
// `bestfirstvoting` (on by default; off to measure what the votes are worth), `Best-First Vote Interval`
// / `bestfirstvoteinterval` (expansions per vote) and `Best-First Tree` / `bestfirsttree` (the tree's
// memory budget in MB), stored in the session and given to every search as SearchLimits::best_first.
// The other modes ignore them.
#include "engine/protocol/protocol.h"

namespace jiang::protocol {
namespace {

// More expansions than this between two votes would leave the realistic favourite unexamined.
constexpr int kMaxVoteInterval = 1000;

}  // namespace

void Session::add_best_first_options() {
  using Type = OptionSpec::Type;
  const best_first::Settings defaults;
  add_option({"Best-First Voting", "bestfirstvoting", Type::Check, defaults.voting ? "true" : "false", 0, 0, {},
              [this](std::string_view v, std::string_view name) { design_.best_first.voting = option_bool(v, name); }});
  add_option({"Best-First Vote Interval", "bestfirstvoteinterval", Type::Spin, std::to_string(defaults.vote_interval),
              1, kMaxVoteInterval, {}, [this](std::string_view v, std::string_view name) {
                design_.best_first.vote_interval = int(option_int(v, 1, kMaxVoteInterval, name));
              }});
  add_option({"Best-First Tree", "bestfirsttree", Type::Spin, std::to_string(defaults.tree_mb), 1,
              int64_t(best_first::kMaxTreeMb), {}, [this](std::string_view v, std::string_view name) {
                design_.best_first.tree_mb = size_t(option_int(v, 1, int64_t(best_first::kMaxTreeMb), name, " (MB)"));
              }});
}

}  // namespace jiang::protocol
