//===- Plugin.cpp - gevo's pass plugin for opt (new pass manager) -----------===//
//
//   opt -load-pass-plugin=libGevoPasses.so -passes=gevo-name
//   opt ... -passes='gevo-mutate<op=copy;seed=7;out=edit.txt>'
//   opt ... -passes='gevo-apply<edits=list.edits>'
//
//===----------------------------------------------------------------------===//

#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gevo {
namespace {

[[noreturn]] void fail(const Twine &Msg) {
  report_fatal_error(Msg, /*gen_crash_diag=*/false);
}

struct NamePass : PassInfoMixin<NamePass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    return nameInstructions(M) ? PreservedAnalyses::none()
                               : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

struct MutateParams {
  std::optional<OpKind> Op; // none: drawn uniformly
  uint64_t Seed = 0;
  std::string Out;          // empty: stderr
};

struct MutatePass : PassInfoMixin<MutatePass> {
  MutateParams P;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    nameInstructions(M);
    Rng R(P.Seed);
    OpKind Op = P.Op ? *P.Op : allOps()[R.below(allOps().size())];
    std::optional<Edit> E = mutate(M, Op, R);
    if (!E)
      fail("gevo-mutate: the module offers no candidate for op '" +
           opName(Op) + "'");
    std::string Line = printEdit(*E) + "\n";
    if (P.Out.empty()) {
      errs() << Line;
    } else {
      std::error_code EC;
      raw_fd_ostream OS(P.Out, EC, sys::fs::OF_Text);
      if (EC)
        fail("gevo-mutate: cannot write '" + P.Out + "': " + EC.message());
      OS << Line;
    }
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

struct ApplyPass : PassInfoMixin<ApplyPass> {
  std::string EditsPath;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    auto Buf = MemoryBuffer::getFile(EditsPath, /*IsText=*/true);
    if (!Buf)
      fail("gevo-apply: cannot read '" + EditsPath +
           "': " + Buf.getError().message());
    auto Edits = parseEdits((*Buf)->getBuffer());
    if (!Edits)
      fail("gevo-apply: " + EditsPath + ": " + toString(Edits.takeError()));
    nameInstructions(M);
    ApplyReport Report = applyEdits(M, *Edits);
    for (auto &[Index, Why] : Report.NotApplicable)
      errs() << "gevo-apply: edit " << Index + 1 << " not applicable: " << Why
             << "\n";
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

/// Splits "k1=v1;k2=v2" and hands each pair to Set, which returns false for
/// an unknown key.
Error parseKeyValues(StringRef Pass, StringRef Params, StringRef Keys,
                     function_ref<Error(StringRef, StringRef, bool &)> Set) {
  SmallVector<StringRef, 4> Pairs;
  Params.split(Pairs, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Pair : Pairs) {
    auto [Key, Value] = Pair.split('=');
    bool Known = true;
    if (Error E = Set(Key, Value, Known))
      return E;
    if (!Known)
      return createStringError(inconvertibleErrorCode(),
                               Pass + ": unknown parameter '" + Key +
                                   "' (expected " + Keys + ")");
  }
  return Error::success();
}

Error badValue(StringRef Pass, StringRef Key, StringRef Value) {
  return createStringError(inconvertibleErrorCode(),
                           Pass + ": invalid value '" + Value +
                               "' for parameter '" + Key + "'");
}

Expected<MutateParams> parseMutateParams(StringRef Params) {
  MutateParams P;
  auto Set = [&](StringRef Key, StringRef Value, bool &Known) -> Error {
    if (Key == "op") {
      P.Op = parseOpName(Value);
      if (!P.Op)
        return badValue("gevo-mutate", Key, Value);
    } else if (Key == "seed") {
      if (Value.getAsInteger(10, P.Seed))
        return badValue("gevo-mutate", Key, Value);
    } else if (Key == "out") {
      if (Value.empty())
        return badValue("gevo-mutate", Key, Value);
      P.Out = Value.str();
    } else {
      Known = false;
    }
    return Error::success();
  };
  if (Error E = parseKeyValues("gevo-mutate", Params, "op, seed, out", Set))
    return E;
  return P;
}

Expected<std::string> parseApplyParams(StringRef Params) {
  std::string Path;
  auto Set = [&](StringRef Key, StringRef Value, bool &Known) -> Error {
    Known = Key == "edits";
    if (Known && Value.empty())
      return badValue("gevo-apply", Key, Value);
    if (Known)
      Path = Value.str();
    return Error::success();
  };
  if (Error E = parseKeyValues("gevo-apply", Params, "edits", Set))
    return E;
  if (Path.empty())
    return createStringError(inconvertibleErrorCode(),
                             "gevo-apply: missing parameter 'edits'");
  return Path;
}

/// Parses a pass's parameters, ending opt with the one-line error if bad.
template <typename ParserT>
auto parseOrFail(ParserT Parser, StringRef Name, StringRef PassName) {
  auto Params = PassBuilder::parsePassParameters(Parser, Name, PassName);
  if (!Params)
    fail(toString(Params.takeError()));
  return std::move(*Params);
}

bool parsePipeline(StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "gevo-name") {
    MPM.addPass(NamePass());
    return true;
  }
  if (PassBuilder::checkParametrizedPassName(Name, "gevo-mutate")) {
    MutatePass Pass;
    Pass.P = parseOrFail(parseMutateParams, Name, "gevo-mutate");
    MPM.addPass(std::move(Pass));
    return true;
  }
  if (PassBuilder::checkParametrizedPassName(Name, "gevo-apply")) {
    ApplyPass Pass;
    Pass.EditsPath = parseOrFail(parseApplyParams, Name, "gevo-apply");
    MPM.addPass(std::move(Pass));
    return true;
  }
  return false;
}

} // namespace
} // namespace gevo

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "GevoPasses", "0.1",
          [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(gevo::parsePipeline);
          }};
}
