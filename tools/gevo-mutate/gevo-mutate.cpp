//===- gevo-mutate.cpp - Make, replay and measure mutations -----------------===//
//
//   gevo-mutate [--op OP] [--seed S] in.ll -o out.ll   one mutation, edit on stdout
//   gevo-mutate --edits FILE in.ll -o out.ll           replay an edit list
//   gevo-mutate --stats N [--ops a,b] [--check-ptx] in.ll   JSON statistics
//
// With --tests DIR a single mutation or replay is also judged on the tests
// dir's cases as gevo-evolve would (--check, --memory-model): its verdict
// goes to stderr, and the exit status is 1 when a case fails.
//
//===----------------------------------------------------------------------===//

#include "JudgeOptions.h"
#include "RunOnTests.h"
#include "Stats.h"
#include "ToolSupport.h"

#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"
#include "gevo/support/Strings.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <boost/program_options.hpp>

#include <iostream>

using namespace llvm;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "gevo-mutate";

std::string opList() {
  std::string S;
  for (gevo::OpKind Op : gevo::allOps())
    S += "  " + gevo::opName(Op).str() + std::string(10 - gevo::opName(Op).size(), ' ') +
         gevo::opHelp(Op).str() + "\n";
  return S;
}

gevo::OpKind parseOp(StringRef Name) {
  std::optional<gevo::OpKind> Op = gevo::parseOpName(Name);
  if (!Op)
    gevo::toolError(Tool, "unknown op '" + Name +
                              "' (run gevo-mutate --help for the list)");
  return *Op;
}

std::vector<gevo::OpKind> parseOps(StringRef List) {
  if (List.empty())
    return std::vector<gevo::OpKind>(gevo::allOps().begin(), gevo::allOps().end());
  std::vector<gevo::OpKind> Ops;
  for (const std::string &N : gevo::splitList(List))
    Ops.push_back(parseOp(StringRef(N).trim()));
  return Ops;
}

void checkVerifies(const Module &M) {
  if (verifyModule(M, &errs()))
    gevo::toolError(Tool, "internal error: the mutant does not verify");
}

void mutateOnce(Module &M, std::optional<std::string> OpName, uint64_t Seed,
                ArrayRef<std::string> Functions, StringRef Out) {
  gevo::Rng R(Seed);
  gevo::OpKind Op = OpName ? parseOp(*OpName)
                           : gevo::allOps()[R.below(gevo::allOps().size())];
  std::optional<gevo::Edit> E = gevo::mutate(M, Op, R, Functions);
  if (!E)
    gevo::toolError(Tool, "the module offers no candidate for op '" +
                              gevo::opName(Op) + "'");
  checkVerifies(M);
  gevo::writeModule(Tool, M, Out);
  // The edit goes to stdout, or to stderr when the module does.
  (Out == "-" ? errs() : outs()) << gevo::printEdit(*E) << "\n";
}

void applyList(Module &M, StringRef EditsPath, StringRef Out) {
  auto Edits = gevo::parseEdits(gevo::readTextFile(Tool, EditsPath));
  if (!Edits)
    gevo::toolError(Tool, EditsPath + ": " + toString(Edits.takeError()));
  gevo::ApplyReport Report = gevo::applyEdits(M, *Edits);
  if (!Report.NotApplicable.empty()) {
    auto &[Index, Why] = Report.NotApplicable.front();
    gevo::toolError(Tool, EditsPath + ": edit " + Twine(Index + 1) +
                              " is not applicable: " + Why);
  }
  checkVerifies(M);
  gevo::writeModule(Tool, M, Out);
}

/// --tests: \p Mutant judged on the cases of \p TestsDir against \p Base
/// (the file \p Input); each failing case on stderr with the instructions
/// it names. 0 when every case is ok, else 1.
int judgeMutant(const Module &Base, const Module &Mutant, StringRef Input,
                const std::string &TestsDir, const po::variables_map &VM) {
  gevo::EvalOptions EO;
  EO.Workers = 1;
  EO.Judging = gevo::judgeOptions(Tool, VM, 2);
  EO.OptLevel = gevo::cpuOptOption(Tool, VM, 2);
  EO.DriverCacheDir = VM["driver-cache"].as<std::string>();
  std::unique_ptr<gevo::Evaluator> Eval =
      gevo::evaluatorOnTests(Tool, Input, Base, TestsDir, EO, 2);
  gevo::VariantEval V = Eval->evaluate({gevo::bitcodeOf(Mutant)})[0];
  if (V.S == gevo::Status::Ok) {
    errs() << Tool << ": the mutant passes the " << V.Cases.size()
           << " cases of " << TestsDir << "\n";
    return 0;
  }
  for (const gevo::CaseEval &C : V.Cases) {
    if (C.S == gevo::Status::Ok)
      continue;
    errs() << Tool << ": case " << C.Name << ": " << gevo::statusName(C.S)
           << (C.Message.empty() ? "" : " " + C.Message) << "\n";
    for (const std::string *Uid : {&C.FaultUid, &C.OtherUid})
      if (!Uid->empty())
        errs() << "    " << gevo::describeUid(Mutant, *Uid) << "\n";
  }
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts(
      "gevo-mutate: make one mutation of a kernel's LLVM IR, replay an edit "
      "list, or measure the ops.\n\n"
      "Usage:\n"
      "  gevo-mutate [--op OP] [--seed S] in.ll -o out.ll\n"
      "  gevo-mutate --edits FILE in.ll -o out.ll\n"
      "  gevo-mutate --stats N [--ops OP,OP] [--seed S] [--check-ptx] in.ll\n"
      "  gevo-mutate ... in.ll -o out.ll --tests DIR [--check races,...]\n\n"
      "The input is named first (every instruction gets a !gevo.uid), so "
      "edits printed by one run replay in another. With --tests the mutant "
      "is also judged on the tests dir's cases, as gevo-evolve judges "
      "variants on the cpu target: the verdict goes to stderr, exit status "
      "1 when a case fails.\n\nOptions");
  std::string Input, Out = "-", EditsPath, OpsList, Arch = "sm_80", TestsDir;
  std::optional<std::string> OpName;
  uint64_t Seed = 0;
  unsigned Stats = 0;
  Opts.add_options()("help,h", "show this help")(
      "op", po::value<std::string>()->notifier([&](const std::string &S) { OpName = S; }),
      "the op to apply (default: drawn uniformly from the seed)")(
      "seed", po::value(&Seed)->default_value(0), "random seed")(
      "functions", po::value<std::string>()->value_name("F,G"),
      "edit only these functions (CUDA or IR names; default: all)")(
      "output,o", po::value(&Out), "output IR (.ll text, .bc bitcode, - stdout)")(
      "edits", po::value(&EditsPath), "apply the edit list in FILE instead")(
      "stats", po::value(&Stats),
      "make N mutations per op, each from the input, and print JSON "
      "statistics; attempt i uses seed S+i, so --op OP --seed S+i repeats it")(
      "ops", po::value(&OpsList), "comma-separated ops for --stats (default all)")(
      "check-ptx", "with --stats: lower each mutant to PTX and run ptxas on it")(
      "arch", po::value(&Arch)->default_value("sm_80"), "GPU arch for --check-ptx")(
      "tests", po::value(&TestsDir),
      "judge the mutant on this tests dir's cases (holding spec.json)")(
      "driver-cache", po::value<std::string>()->default_value(""),
      "with --tests: compile .cpp drivers into DIR (default: "
      "$XDG_CACHE_HOME/gevo/drivers)")(
      "input", po::value(&Input), "input LLVM IR (.ll or .bc; - for stdin)");
  gevo::addJudgeOptions(Opts);
  po::variables_map VM;
  gevo::parseCommandLine(Tool, argc, argv, Opts, "input", VM);
  if (VM.count("help")) {
    std::cout << Opts << "\nOps:\n" << opList();
    return 0;
  }
  if (Input.empty())
    gevo::toolError(Tool, "no input file (see --help)");

  LLVMContext Ctx;
  std::unique_ptr<Module> M = gevo::loadModule(Tool, Input, Ctx);
  gevo::nameInstructions(*M);
  if (VM.count("functions") && (Stats || !EditsPath.empty()))
    gevo::toolError(Tool, "--functions applies to a single mutation, not to "
                          "--stats or --edits");
  for (std::string Judge : {"check", "memory-model", "allow-base-races"})
    if (VM.count(Judge) && !VM[Judge].defaulted() && TestsDir.empty())
      gevo::toolError(Tool, "--" + Judge +
                                " judges the mutant on a tests dir: give "
                                "--tests DIR");
  if (Stats && !TestsDir.empty())
    gevo::toolError(Tool, "--tests judges a single mutation or --edits, not "
                          "--stats");
  if (Stats) {
    gevo::StatsOptions S{Stats, parseOps(OpsList), Seed,
                         VM.count("check-ptx") > 0, Arch};
    std::cout << gevo::mutationStats(*M, S).dump(2) << "\n";
    return 0;
  }
  std::unique_ptr<Module> Base = TestsDir.empty() ? nullptr : CloneModule(*M);
  if (!EditsPath.empty()) {
    applyList(*M, EditsPath, Out);
  } else {
    std::vector<std::string> Functions;
    if (VM.count("functions"))
      Functions =
          gevo::functionsOption(Tool, *M, VM["functions"].as<std::string>());
    mutateOnce(*M, OpName, Seed, Functions, Out);
  }
  return Base ? judgeMutant(*Base, *M, Input, TestsDir, VM) : 0;
}
