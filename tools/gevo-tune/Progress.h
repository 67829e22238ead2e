//===- Progress.h - Progress of long tuning work on stderr -------*- C++ -*-===//
//
// One line per update: trials done (of the total), the best value so far,
// trials per second and the time left at that rate. Quiet for work that
// ends within its first two seconds; on a terminal the line is redrawn in
// place at most twice a second, elsewhere a line is written every 10 s.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_TUNE_PROGRESS_H
#define GEVO_TOOLS_GEVO_TUNE_PROGRESS_H

#include <chrono>
#include <cstdint>
#include <string>

namespace gevo {

class Progress {
public:
  /// Total trials (0: unknown, e.g. a time budget); Unit names the value.
  Progress(uint64_t Total, std::string Unit);
  /// A trial ended; Best is the best value so far (NaN: none yet), What
  /// says which run it belongs to ("" for one run).
  void trial(double Best, const std::string &What = "");
  /// Ends the line, if one was drawn.
  void finish();

private:
  using Clock = std::chrono::steady_clock;
  uint64_t Total, Done = 0;
  std::string Unit;
  Clock::time_point Start = Clock::now(), Last;
  bool Tty, Drawn = false;
};

} // namespace gevo

#endif
