//===- Strategies.cpp - The registry of tuner strategies -------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <algorithm>
#include <sstream>

namespace gevo::evolve::tune {

#define GEVO_TUNE_STRATEGY(Ident) const StrategyInfo &info##Ident();
#include "Strategies.def"

const std::vector<const StrategyInfo *> &strategies() {
  static const std::vector<const StrategyInfo *> All = {
#define GEVO_TUNE_STRATEGY(Ident) &info##Ident(),
#include "Strategies.def"
  };
  return All;
}

const StrategyInfo *findStrategy(const std::string &Name) {
  for (const StrategyInfo *I : strategies())
    if (I->Name == Name)
      return I;
  return nullptr;
}

llvm::Expected<Options> resolveOptions(const std::string &Name, const Options &Given) {
  const StrategyInfo *I = findStrategy(Name);
  if (!I) {
    std::string Known;
    for (const StrategyInfo *J : strategies())
      Known += (Known.empty() ? "" : ", ") + J->Name;
    return llvm::createStringError("unknown strategy '" + Name + "' (known: " + Known + ")");
  }
  Options O;
  for (const OptionInfo &Opt : I->Opts)
    O[Opt.Name] = Opt.Default;
  for (const auto &[K, V] : Given) {
    auto It = std::find_if(I->Opts.begin(), I->Opts.end(),
                           [&K = K](const OptionInfo &Opt) { return Opt.Name == K; });
    if (It == I->Opts.end())
      return llvm::createStringError(Name + ": unknown option '" + K + "'");
    if (!(V >= It->Range.Lo && V <= It->Range.Hi)) {
      std::ostringstream OS;
      OS << Name << ": " << K << " must be in [" << It->Range.Lo << ", " << It->Range.Hi
         << "], got " << V;
      return llvm::createStringError(OS.str());
    }
    O[K] = V;
  }
  return O;
}

llvm::Expected<std::unique_ptr<Tuner>> makeTuner(const std::string &Name, const Space &S,
                                                 bool HigherIsBetter, const Options &Given) {
  llvm::Expected<Options> O = resolveOptions(Name, Given);
  if (!O)
    return O.takeError();
  return findStrategy(Name)->Create(S, HigherIsBetter, *O);
}

} // namespace gevo::evolve::tune
