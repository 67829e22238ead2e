//===- Sanitize.cpp - compute-sanitizer's checks of a run's best ----------===//

#include "Sanitize.h"

#include "gevo/harness/Cuda.h"
#include "gevo/harness/Spec.h"
#include "gevo/support/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace gevo {

namespace {
/// The exit status the sanitizer gives when its tool found something.
constexpr int FindingExit = 86;
/// The most one tool may take on one kernel (racecheck is the slowest).
constexpr unsigned ToolSeconds = 300;
constexpr const char *Tools[] = {"memcheck", "racecheck", "synccheck",
                                 "initcheck"};

/// Runs Args, its stdout and stderr together into the result's Output.
ProgramResult runCapture(const std::vector<std::string> &Args) {
  RunOptions O;
  O.TimeoutSeconds = ToolSeconds;
  ProgramResult R = runProgram(Args, O);
  if (!R.Error.empty())
    R.Output += "\n" + R.Error;
  return R;
}

/// The sanitizer's first report line ("Invalid __global__ read of size 4
/// bytes"), else the output's last non-empty line.
std::string firstFinding(StringRef Output) {
  SmallVector<StringRef> Lines;
  Output.split(Lines, '\n');
  for (StringRef L : Lines) {
    StringRef Text = L.trim();
    if (!Text.consume_front("=========") || Text.trim().empty())
      continue;
    Text = Text.trim();
    if (!Text.starts_with("ERROR SUMMARY") && !Text.starts_with("COMPUTE-SANITIZER") &&
        !Text.starts_with("at ") && !Text.starts_with("by "))
      return Text.str();
  }
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    if (!It->trim().empty())
      return It->trim().str();
  return "";
}
} // namespace

std::string findComputeSanitizer() {
  if (auto P = sys::findProgramByName("compute-sanitizer"))
    return *P;
  if (std::optional<CudaToolkit> Cuda = findCudaToolkit())
    for (const char *Rel : {"/bin/compute-sanitizer",
                            "/compute-sanitizer/compute-sanitizer"})
      if (sys::fs::can_execute(Cuda->Root + Rel))
        return Cuda->Root + Rel;
  return "";
}

nlohmann::json sanitizeVariant(const evolve::GevoRun &R,
                               const std::string &EditsFile,
                               const std::string &Sanitizer,
                               const std::string &GevoRunPath) {
  const evolve::RunConfig &C = R.config();
  std::vector<std::string> Run = {GevoRunPath, R.dir().file("base.ll"),
                                  "--tests", C.TestsDir, "--target", C.Target,
                                  "--in-process"};
  if (!C.Arch.empty())
    Run.insert(Run.end(), {"--offload-arch", C.Arch});
  if (!C.Devices.empty())
    Run.insert(Run.end(), {"--devices", std::to_string(C.Devices.front())});
  auto S = loadSpec(C.TestsDir);
  if (S && !S->HeldOut.empty())
    Run.push_back("--heldout");
  else if (!S)
    consumeError(S.takeError());
  nlohmann::json Checks = nlohmann::json::object();
  std::string Message;
  for (const char *Tool : Tools) {
    std::vector<std::string> Args = {Sanitizer, "--tool", Tool,
                                     "--error-exitcode",
                                     std::to_string(FindingExit)};
    Args.insert(Args.end(), Run.begin(), Run.end());
    std::vector<std::string> WithEdits = Args;
    WithEdits.insert(WithEdits.end(), {"--edits", EditsFile});
    ProgramResult V = runCapture(WithEdits);
    nlohmann::json J;
    if (V.Exit == 0) {
      J = {{"status", "clean"}};
    } else if (V.Exit == FindingExit) {
      // Both kernels run in the process: a finding the base has as well is
      // not the variant's doing.
      ProgramResult B = runCapture(Args);
      bool BaseToo = B.Exit == FindingExit;
      J = {{"status", BaseToo ? "base_too" : "finding"},
           {"message", firstFinding(V.Output)}};
      if (!BaseToo && Message.empty())
        Message = std::string(Tool) + ": " + firstFinding(V.Output);
    } else {
      J = {{"status", "failed"},
           {"message", "exit " + std::to_string(V.Exit) + ": " +
                           firstFinding(V.Output)}};
    }
    Checks[Tool] = J;
  }
  return {{"tool", "compute-sanitizer"},
          {"path", Sanitizer},
          {"checks", Checks},
          {"finding", !Message.empty()},
          {"message", Message}};
}

} // namespace gevo
