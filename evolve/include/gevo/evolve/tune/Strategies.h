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

#include <functional>
#include <map>
#include <memory>
#include <type_traits>

namespace gevo::evolve::tune {

struct OptionRange {
  double Lo, Hi;
};
struct OptionInfo {
  std::string Name; ///< kebab-case
  double Default;
  OptionRange Range; ///< a given value must lie in [Lo, Hi]
  std::string Help;
};
using Options = std::map<std::string, double>;
using TunerFactory =
    std::function<std::unique_ptr<Tuner>(const Space &S, bool HigherIsBetter, const Options &O)>;

struct StrategyInfo {
  std::string Name, Help;
  std::vector<OptionInfo> Opts;
  /// Candidates asked for at once unless the user says otherwise.
  size_t BatchSize;
  TunerFactory Create;
};

/// An option of a strategy whose options are the members of a struct P,
/// bound to the member it sets (to the option's value converted to the
/// member's type: a count, a number, a flag that is 1 when not 0).
template <class P> struct BoundOption {
  template <class M>
  BoundOption(std::string Name, M P::*Member, double Default, OptionRange Range,
              std::string Help)
      : Info{std::move(Name), Default, Range, std::move(Help)},
        Set([Member](P &Values, double V) { Values.*Member = M(V); }) {}
  OptionInfo Info;
  std::function<void(P &, double)> Set;
};

/// The options struct of a strategy that has none.
struct NoOptions {};

/// The registry entry of a strategy T whose constructor takes (Space,
/// HigherIsBetter, P), or (Space, HigherIsBetter) when P is NoOptions: each
/// option is named once, with the member of P it sets, and the factory
/// passes T every member set from its option.
template <class T, class P>
StrategyInfo boundStrategy(std::string Name, std::string Help,
                           std::vector<BoundOption<P>> Bound, size_t BatchSize) {
  std::vector<OptionInfo> Opts;
  for (const BoundOption<P> &B : Bound)
    Opts.push_back(B.Info);
  auto Create = [Bound](const Space &S, bool HigherIsBetter,
                        const Options &O) -> std::unique_ptr<Tuner> {
    P Values;
    for (const BoundOption<P> &B : Bound)
      B.Set(Values, O.at(B.Info.Name));
    if constexpr (std::is_same_v<P, NoOptions>)
      return std::make_unique<T>(S, HigherIsBetter);
    else
      return std::make_unique<T>(S, HigherIsBetter, Values);
  };
  return {std::move(Name), std::move(Help), std::move(Opts), BatchSize, std::move(Create)};
}

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
