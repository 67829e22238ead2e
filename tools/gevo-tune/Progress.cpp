//===- Progress.cpp - Progress of long tuning work on stderr ---------------===//

#include "Progress.h"

#include "ToolSupport.h"

#include <cstdio>
#include <unistd.h>

namespace gevo {

Progress::Progress(uint64_t Total, std::string Unit)
    : Total(Total), Unit(std::move(Unit)), Last(Start), Tty(isatty(2)) {}

void Progress::trial(double Best, const std::string &What) {
  ++Done;
  auto Now = Clock::now();
  double Elapsed = std::chrono::duration<double>(Now - Start).count();
  double SinceLast = std::chrono::duration<double>(Now - Last).count();
  if (Elapsed < 2 || SinceLast < (Tty ? 0.5 : 10))
    return;
  Last = Now;
  double Rate = Done / Elapsed;
  std::string Line = "gevo-tune: " + What + (What.empty() ? "" : ": ") + "trial " +
                     std::to_string(Done);
  if (Total)
    Line += "/" + std::to_string(Total);
  char Buf[160];
  std::snprintf(Buf, sizeof(Buf), ", best %.6g %s, %.3g trials/s", Best, Unit.c_str(), Rate);
  Line += Buf;
  if (Total && Done < Total)
    Line += ", ETA " + formatDuration((Total - Done) / Rate);
  std::fprintf(stderr, Tty ? "\r%s\033[K" : "%s\n", Line.c_str());
  Drawn = true;
}

void Progress::finish() {
  if (Drawn && Tty)
    std::fprintf(stderr, "\n");
  Drawn = false;
}

} // namespace gevo
