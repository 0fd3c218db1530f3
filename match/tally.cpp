#include "match/tally.h"

#include <cstdarg>
#include <cstdio>

namespace jiang::match {
namespace {

std::string format(const char* pattern, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* pattern, ...) {
  char buffer[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(buffer, sizeof buffer, pattern, args);
  va_end(args);
  return buffer;
}

EloEstimate current_elo(const Tally& t) {
  if (const auto e = estimate_elo(t.pairs)) return *e;
  return estimate_elo(t.wins, t.draws, t.losses).value_or(EloEstimate{});
}

std::string wdl_score_elo(const Tally& t) {
  const EloEstimate e = current_elo(t);
  const double score = t.games() ? (t.wins + 0.5 * t.draws) / t.games() : 0.5;
  return format("%d-%d-%d score %.1f%% elo %+.1f +/- %.1f", t.wins, t.draws, t.losses, 100 * score, e.elo, e.margin);
}

std::string verdict_text(SprtVerdict v) {
  return v == SprtVerdict::AcceptH1 ? "H1 accepted" : v == SprtVerdict::AcceptH0 ? "H0 accepted" : "inconclusive";
}

std::string incidents_line(const std::string& name, const EngineIncidents& i) {
  return format("%s: %d time forfeits, %d illegal moves, %d crashes, %d hangs, %d restarts, %d false claims, "
                "%d overruns within the margin",
                name.c_str(), i.time_forfeits, i.illegal_moves, i.crashes, i.hangs, i.restarts, i.false_claims, i.overruns);
}

}  // namespace

void Tally::add_game(Outcome first, const std::string& reason) {
  (first == Outcome::Win ? wins : first == Outcome::Draw ? draws : losses)++;
  ++endings[reason];
}

std::string progress_line(const Tally& t, const ReportContext& c, double minutes) {
  std::string text = format("games %d: ", t.games()) + wdl_score_elo(t);
  if (c.sprt) {
    const SprtBounds b = sprt_bounds(*c.sprt);
    text += format(" llr %.2f (%.2f, %.2f)", sprt_llr(t.pairs, *c.sprt), b.lower, b.upper);
  }
  if (minutes > 0) text += format(", %.1f games/min", t.games() / minutes);
  return text;
}

std::string result_line(const Tally& t, const ReportContext& c) {
  std::string text = c.names[0] + " vs " + c.names[1] + ": " + wdl_score_elo(t);
  if (c.sprt) {
    const SprtBounds b = sprt_bounds(*c.sprt);
    const double llr = sprt_llr(t.pairs, *c.sprt);
    text += " sprt: " + verdict_text(sprt_verdict(llr, b)) + format(" llr %.2f (bounds %.2f, %.2f)", llr, b.lower, b.upper);
  }
  return text;
}

std::vector<std::string> summary_lines(const Tally& t, const ReportContext& c, double minutes, int abandoned) {
  std::vector<std::string> lines;
  std::string games = format("%d games in %.1f min", t.games(), minutes);
  if (minutes > 0) games += format(" (%.1f games/min)", t.games() / minutes);
  if (abandoned) games += format(", %d abandoned unfinished", abandoned);
  lines.push_back(games);
  const Pentanomial& p = t.pairs;
  lines.push_back(format("pairs %d: LL %d, LD %d, DD %d, WL %d, WD %d, WW %d", p.pairs(), p.ll, p.ld, p.dd, p.wl, p.wd, p.ww));
  std::string endings = "endings:";
  for (const auto& [reason, count] : t.endings) endings += format(" %s %d,", reason.c_str(), count);
  if (endings.back() == ',') endings.pop_back();
  if (t.endings.empty()) endings += " none";
  lines.push_back(endings);
  for (int e = 0; e < 2; ++e) lines.push_back(incidents_line(c.names[e], t.incidents[e]));
  if (c.sprt)
    lines.push_back(format("sprt: elo0 %.2f elo1 %.2f (logistic Elo), alpha %.3f beta %.3f", c.sprt->elo0, c.sprt->elo1,
                           c.sprt->alpha, c.sprt->beta));
  lines.push_back(result_line(t, c));
  return lines;
}

}  // namespace jiang::match
