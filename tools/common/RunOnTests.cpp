//===- RunOnTests.cpp - One variant on a tests dir, for the tools ---------===//

#include "RunOnTests.h"
#include "JudgeOptions.h"
#include "ToolSupport.h"

#include "gevo/harness/DriverHost.h"
#include "gevo/harness/TargetDevice.h"
#include "gevo/passes/Uid.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gevo {

Spec specOnTests(StringRef Tool, const Module &Base,
                 const std::string &TestsDir, const EvalOptions &EO,
                 int ExitStatus, unsigned Draw, uint64_t Seed) {
  auto Spec = loadSpec(TestsDir);
  if (!Spec)
    toolError(Tool, toString(Spec.takeError()), ExitStatus);
  if (Draw && Spec->Vary.empty())
    toolError(Tool,
              TestsDir + ": declares no ranges (\"vary\" in spec.json) to "
                         "draw cases from",
              ExitStatus);
  if (Draw) {
    auto Drawn = drawCases(*Spec, Draw, Seed);
    if (!Drawn)
      toolError(Tool, toString(Drawn.takeError()), ExitStatus);
    Spec->HeldOut = std::move(*Drawn);
  }
  if (Error E = buildDrivers(*Spec, EO.DriverCacheDir))
    toolError(Tool, toString(std::move(E)), ExitStatus);
  for (const std::string &Hint : undefinedInputHints(Base, *Spec))
    errs() << Tool << ": warning: " << Hint << "\n";
  return std::move(*Spec);
}

std::unique_ptr<Evaluator>
evaluatorOnTests(StringRef Tool, StringRef Kernel, const Module &Base,
                 const std::string &TestsDir, const EvalOptions &EO,
                 int ExitStatus, unsigned Draw, uint64_t Seed) {
  Spec S = specOnTests(Tool, Base, TestsDir, EO, ExitStatus, Draw, Seed);
  auto Eval = Evaluator::create(Base, S, EO);
  if (!Eval)
    toolError(Tool, Kernel + ": " + toString(Eval.takeError()), ExitStatus);
  sayAllowedRaces(Tool, (*Eval)->allowedRaces());
  return std::move(*Eval);
}

std::string describeUid(const Module &M, StringRef Uid) {
  UidMap Map(const_cast<Module &>(M));
  const Instruction *I = Map.lookup(Uid);
  if (!I)
    return Uid.str();
  std::string Text;
  raw_string_ostream OS(Text);
  I->print(OS);
  Text = StringRef(Text).split(", !").first.trim().str();
  if (const DebugLoc &Loc = I->getDebugLoc())
    Text += " (" + Loc->getFilename().str() + ":" +
            std::to_string(Loc.getLine()) + ")";
  return Uid.str() + ": " + Text;
}

} // namespace gevo
