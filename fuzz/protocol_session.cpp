#include "fuzz/protocol_session.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "engine/protocol/protocol.h"
#include "engine/protocol/ucci.h"
#include "engine/protocol/uci.h"
#include "fuzz/check.h"

namespace jiang::fuzz {
namespace {

// A small table, so that clearing it for each input costs little.
constexpr int kHashMb = 1;
// Larger thread counts are left out of the sessions: each input would start that many threads.
constexpr int64_t kMaxThreads = 2;

// The protocol's output as whole lines, each marked with whether the fuzzing thread wrote it (answers
// to commands) or another (the searches' info and bestmove lines).
class LineRecorder final : public std::streambuf {
 public:
  struct Line {
    std::string text;
    bool from_commands;
  };

  std::vector<Line> lines() const {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  size_t size() const {
    std::lock_guard lock(mutex_);
    return lines_.size();
  }

 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    std::lock_guard lock(mutex_);
    if (ch == '\n') {
      lines_.push_back({partial_, std::this_thread::get_id() == commands_thread_});
      partial_.clear();
    } else {
      partial_ += traits_type::to_char_type(ch);
    }
    return ch;
  }
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    for (std::streamsize i = 0; i < count; ++i) overflow(traits_type::to_int_type(text[i]));
    return count;
  }

 private:
  const std::thread::id commands_thread_ = std::this_thread::get_id();
  mutable std::mutex mutex_;
  std::string partial_;
  std::vector<Line> lines_;
};

// Lines left out of the sessions: a weights file name (files are the weights target's), a hash size
// other than the engine's (each would allocate, up to the machine's memory, and the next input would
// have to allocate the table again), more threads than kMaxThreads.
bool left_out(std::string_view line, const std::vector<std::string>& words) {
  const std::string lower = protocol::to_lower(line);
  if (lower.find("weightsfile") != std::string::npos) return true;
  const auto value = protocol::parse_int(words.back(), INT64_MIN, INT64_MAX);
  if (!value) return false;
  if (lower.find("hash") != std::string::npos && *value != kHashMb) return true;
  return lower.find("thread") != std::string::npos && *value > kMaxThreads;
}

// One engine for every input, put back before each into the state a new one has: building one costs far
// more than a session (the table and the histories come from fresh pages each time). Sessions never
// change its weights or its hash size (see left_out), so the position, the table, the histories and the
// thread count are all there is to reset.
Engine& fresh_engine() {
  static Engine engine(kHashMb);
  engine.set_threads(1);
  engine.set_position(kStartFen, {});
  engine.new_game();
  return engine;
}

std::unique_ptr<protocol::Session> make_session(Dialect dialect, Engine& engine, protocol::Output& output) {
  if (dialect == Dialect::Ucci) return std::make_unique<protocol::UcciSession>(engine, output);
  return std::make_unique<protocol::UciSession>(engine, output);
}

bool is_answer_to_go(const std::string& line) {
  return line.rfind("bestmove", 0) == 0 || line.rfind("nobestmove", 0) == 0;
}

// What the session answered to a command: the lines its own thread wrote from `first` on.
std::vector<std::string> answers_from(const LineRecorder& recorder, size_t first) {
  const std::vector<LineRecorder::Line> lines = recorder.lines();
  std::vector<std::string> answers;
  for (size_t i = first; i < lines.size(); ++i)
    if (lines[i].from_commands) answers.push_back(lines[i].text);
  return answers;
}

// Hands the script's lines to the session one by one; returns how many `go` commands it accepted
// (answered with no error: their bestmove comes from the search's thread).
int play_script(protocol::Session& session, const LineRecorder& recorder, std::string_view script) {
  int accepted_goes = 0;
  for (size_t start = 0; start <= script.size();) {
    const size_t end = std::min(script.find('\n', start), script.size());
    const std::string_view line = script.substr(start, end - start);
    start = end + 1;
    const std::vector<std::string> words = protocol::split_words(line);
    if (words.empty() || left_out(line, words)) continue;
    const size_t before = recorder.size();
    const bool more = session.handle(line);
    const std::vector<std::string> answers = answers_from(recorder, before);
    if (words[0] == "isready")
      require(answers == std::vector<std::string>{"readyok"}, "isready is answered with readyok alone",
              std::string(line));
    if (words[0] == "go" && answers.empty()) ++accepted_goes;
    if (!more) break;
  }
  return accepted_goes;
}

}  // namespace

void run_session(Dialect dialect, std::string_view script) {
  Engine& engine = fresh_engine();
  LineRecorder recorder;
  std::ostream out(&recorder);
  protocol::Output output(out);
  int accepted_goes = 0;
  {
    const std::unique_ptr<protocol::Session> session = make_session(dialect, engine, output);
    session->greet();
    accepted_goes = play_script(*session, recorder, script);
    session->finish();  // the last search answers, as at the end of a GUI's input
  }
  int answers_to_go = 0;
  for (const LineRecorder::Line& line : recorder.lines())
    answers_to_go += !line.from_commands && is_answer_to_go(line.text);
  require(answers_to_go == accepted_goes, "every accepted go gets exactly one bestmove or nobestmove",
          std::to_string(accepted_goes) + " accepted, " + std::to_string(answers_to_go) + " answered");
}

}  // namespace jiang::fuzz
