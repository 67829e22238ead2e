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

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <type_traits>

namespace gevo::evolve::tune {

struct OptionInfo {
  std::string Name; ///< kebab-case
  double Default;
  struct {
    double Lo, Hi;
  } Range; ///< a given value must lie in [Lo, Hi]
  std::string Help;
};
using Options = std::map<std::string, double>;
using TunerFactory = std::unique_ptr<Tuner> (*)(const Space &S, bool HigherIsBetter,
                                                const Options &O);

/// A strategy's factory: T's constructor takes (Space, HigherIsBetter,
/// Options) with every option present and in range, or (Space,
/// HigherIsBetter) when it has none.
template <class T>
std::unique_ptr<Tuner> construct(const Space &S, bool HigherIsBetter, const Options &O) {
  if constexpr (std::is_constructible_v<T, const Space &, bool, const Options &>)
    return std::make_unique<T>(S, HigherIsBetter, O);
  else
    return std::make_unique<T>(S, HigherIsBetter);
}

struct StrategyInfo {
  std::string Name, Help;
  std::vector<OptionInfo> Opts;
  /// Candidates asked for at once unless the user says otherwise.
  size_t BatchSize;
  TunerFactory Create;
};

/// All strategies, in Strategies.def order.
const std::vector<const StrategyInfo *> &strategies();
const StrategyInfo *findStrategy(const std::string &Name);
/// The strategy's defaults overridden by Given, or one line naming an
/// unknown strategy or option, or a value outside its range.
llvm::Expected<Options> resolveOptions(const std::string &Name, const Options &Given = {});
/// The tuner with resolveOptions's options.
llvm::Expected<std::unique_ptr<Tuner>> makeTuner(const std::string &Name, const Space &S,
                                                 bool HigherIsBetter,
                                                 const Options &Given = {});

} // namespace gevo::evolve::tune

#endif
