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
// answerInChild runs a function, not a program, in a forked child.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_SUPPORT_PROCESS_H
#define GEVO_SUPPORT_PROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
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

struct ChildAnswer {
  /// What the function returned; none when the child did not exit normally.
  std::optional<std::string> Answer;
  /// Why there is none: "died by signal 11", "exited with status 1",
  /// "cannot fork: ...".
  std::string Error;
};

/// \p Fn's answer, computed in a forked child of this process, so that
/// what it opens (a GPU driver) or what crashes in it (LLVM on a strange
/// kernel) stays there. \p TimeoutSeconds (0: none) is an alarm in the
/// child. The answer comes back through a pipe, read as it is written.
ChildAnswer answerInChild(llvm::function_ref<std::string()> Fn,
                          unsigned TimeoutSeconds = 0);

} // namespace gevo

#endif // GEVO_SUPPORT_PROCESS_H
