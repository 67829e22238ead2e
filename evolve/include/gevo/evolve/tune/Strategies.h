//===- Strategies.h - The registry of tuner strategies -----------*- C++ -*-===//
//
// Every strategy lives in evolve/tune/strategies/<Name>.cpp and is listed
// once in Strategies.def; this registry drives names, defaults, help and
// the command-line flags of gevo-tune (--<strategy>-<option>).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_H

#include "gevo/evolve/tune/Tuner.h"

#include <map>
#include <memory>
#include <stdexcept>

namespace gevo::evolve::tune {

struct OptionInfo {
  std::string Name; ///< kebab-case
  double Default;
  std::string Help;
};
using Options = std::map<std::string, double>;

struct StrategyInfo {
  std::string Name, Help;
  std::vector<OptionInfo> Opts;
  /// Candidates asked for at once unless the user says otherwise.
  size_t BatchSize;
  std::unique_ptr<Tuner> (*Create)(const Space &S, bool HigherIsBetter,
                                   const Options &O);
};

/// All strategies, in Strategies.def order.
const std::vector<const StrategyInfo *> &strategies();
const StrategyInfo *findStrategy(const std::string &Name);
/// Defaults overridden by Given; throws std::invalid_argument with one line
/// for an unknown strategy or option, or a value out of range.
std::unique_ptr<Tuner> makeTuner(const std::string &Name, const Space &S,
                                 bool HigherIsBetter, const Options &Given = {});

/// For strategy constructors: throws std::invalid_argument "<who>: <name>
/// must be in [Lo, Hi], got V" when V is outside.
double checkRange(const std::string &Who, const Options &O,
                  const std::string &Name, double Lo, double Hi);

} // namespace gevo::evolve::tune

#endif
