//===- Strategies.cpp - The registry of tuner strategies -------------------===//

#include "gevo/evolve/tune/Strategies.h"

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

std::unique_ptr<Tuner> makeTuner(const std::string &Name, const Space &S,
                                 bool HigherIsBetter, const Options &Given) {
  const StrategyInfo *I = findStrategy(Name);
  if (!I) {
    std::string Known;
    for (const StrategyInfo *J : strategies())
      Known += (Known.empty() ? "" : ", ") + J->Name;
    throw std::invalid_argument("unknown strategy '" + Name + "' (known: " +
                                Known + ")");
  }
  Options O;
  for (const OptionInfo &Opt : I->Opts)
    O[Opt.Name] = Opt.Default;
  for (const auto &[K, V] : Given) {
    if (!O.count(K))
      throw std::invalid_argument(Name + ": unknown option '" + K + "'");
    O[K] = V;
  }
  return I->Create(S, HigherIsBetter, O);
}

double checkRange(const std::string &Who, const Options &O,
                  const std::string &Name, double Lo, double Hi) {
  double V = O.at(Name);
  if (!(V >= Lo && V <= Hi)) {
    std::ostringstream OS;
    OS << Who << ": " << Name << " must be in [" << Lo << ", " << Hi
       << "], got " << V;
    throw std::invalid_argument(OS.str());
  }
  return V;
}

} // namespace gevo::evolve::tune
