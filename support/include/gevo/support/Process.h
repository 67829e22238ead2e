//===- Process.h - Running another program --------------------*- C++ -*-===//
//
// Every program gevo starts and waits for (clang, gevo-cc, ptxas, ld.lld,
// the C++ compiler of drivers, compute-sanitizer) runs through runProgram:
// LLVM's ExecuteAndWait, which gevo links anyway, finds programs on PATH,
// redirects and enforces a timeout. Two places start processes in other
// ways, because they need what it lacks: the sandbox forks workers of its
// own image (harness/sandbox), and gevo-suite and gevo-tune's live
// objective start children in their own process groups, to stop a child's
// whole tree at a timeout (tools/gevo-suite/Runner.cpp, evolve/tune/Live.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_SUPPORT_PROCESS_H
#define GEVO_SUPPORT_PROCESS_H

#include <string>
#include <vector>

namespace gevo {

struct RunOptions {
  /// Seconds before the program is killed; 0: no limit.
  unsigned TimeoutSeconds = 0;
  /// Its stdout and stderr together into ProgramResult::Output, its stdin
  /// /dev/null; else it shares this process's.
  bool Capture = true;
};

struct ProgramResult {
  /// The exit status; -1 when it did not run or did not finish.
  int Exit = -1;
  /// What it wrote (RunOptions::Capture).
  std::string Output;
  /// Why it did not run or finish (not found, timed out, killed by a
  /// signal); "" when it exited.
  std::string Error;
};

/// Runs Args[0] (a path, or a name looked up on PATH) with Args and waits.
ProgramResult runProgram(const std::vector<std::string> &Args,
                         const RunOptions &O = {});

} // namespace gevo

#endif // GEVO_SUPPORT_PROCESS_H
